import { createTestApp, TestApp, TestMember } from './support/test-app';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';
const API_HOST = 'api.root.test';

/**
 * SHORT_LINK_BASE_URL at the root of the api's own host (as Kutt and Shlink serve codes): the codes are served
 * there by the mounted redirector, and every api route, page and asset keeps working on that host.
 */
describe('short links at the root of the api host', () => {
  let t: TestApp;
  let alice: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ SHORT_LINK_BASE_URL: `http://${API_HOST}:3000`, CLICK_FLUSH_INTERVAL_MS: '300000' });
    alice = await t.createMember();
  });
  afterAll(() => t.close());

  const onHost = <T extends { set(name: string, value: string): T }>(pending: T) => pending.set('Host', API_HOST);

  it('converts with own_shortener on that host, and the code redirects there', async () => {
    const res = await t.send(
      onHost(t.http.post('/api/convert'))
        .set('X-API-Key', alice.apiKey)
        .set('X-API-Token', alice.apiToken)
        .send({ content: `Deal ${PRODUCT}`, mode: 'own_shortener', affiliate_id: '17345510000' }),
    );
    expect(res.status).toBe(200);
    const link: string = res.body.items[0].output;
    expect(link).toMatch(new RegExp(`^http://${API_HOST.replace(/\./g, '\\.')}:3000/[A-Za-z0-9]{7}$`));
    const redirect = await t.send(onHost(t.http.get(new URL(link).pathname)).redirects(0));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toContain('https://s.shopee.vn/an_redir?');
    // An unknown code is the redirector's 404 page, not the api's JSON.
    const unknown = await t.send(onHost(t.http.get('/ZZZZZZZ')).redirects(0));
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps the api routes, pages, docs and assets working on that host', async () => {
    const health = await t.send(onHost(t.http.get('/health')));
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const unauthenticated = await t.send(onHost(t.http.post('/api/convert')).send({ content: 'x' }));
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.ok).toBe(false);
    const home = await t.send(onHost(t.http.get('/')).set('Accept', 'text/html'));
    expect(home.status).toBe(200);
    expect(home.text).toContain('Turn marketplace links into affiliate links');
    const account = await t.send(onHost(t.http.get('/account')).set('Accept', 'application/json'));
    expect(account.status).toBe(401);
    expect((await t.send(onHost(t.http.get('/signup')).set('Accept', 'text/html'))).status).toBe(200);
    expect((await t.send(onHost(t.http.get('/docs/openapi.json')))).status).toBe(200);
    expect((await t.send(onHost(t.http.get('/assets/app.css')))).status).toBe(200);
    expect((await t.send(onHost(t.http.get('/account/csrf')))).status).toBe(200);
    // Express routes without regard to case: so does the reserved list.
    expect((await t.send(onHost(t.http.get('/HEALTH')))).status).toBe(200);
  });
});
