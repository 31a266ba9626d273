import { isReservedPath } from '@app/shortlinks/testing';
import { TestApp, testAppForSuite, TestMember } from '../support/test-app';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  rawPath?: string | RegExp | Array<string | RegExp>;
}

/** Every route the app's Express router holds (Nest's, Swagger's), with its methods, and every mount path. */
function registeredRoutes(t: TestApp): { routes: Array<{ method: string; path: string }>; mounts: string[] } {
  const stack = (t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router.stack;
  const routes: Array<{ method: string; path: string }> = [];
  const mounts: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const method of Object.keys(layer.route.methods)) if (method !== '_all') routes.push({ method, path });
      }
    } else {
      const raw = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
      for (const path of raw) if (typeof path === 'string' && path !== '/') mounts.push(path);
    }
  }
  return { routes, mounts };
}

/** A concrete path for a route pattern: each parameter given a UUID (any value reaches the handler). */
function concrete(path: string): string {
  return path.replace(/:[A-Za-z_]+|\{?\*[A-Za-z_]*\}?/g, '00000000-0000-4000-8000-000000000000');
}

const REDIRECTOR_404 = 'This link does not exist';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';
const API_HOST = 'api.root.test';

/**
 * SHORT_LINK_BASE_URL at the root of the api's own host (as Kutt and Shlink serve codes): the codes are served
 * there by the mounted redirector, and every api route, page and asset keeps working on that host.
 */
describe('short links at the root of the api host', () => {
  const t = testAppForSuite({ SHORT_LINK_BASE_URL: `http://${API_HOST}:3000`, CLICK_FLUSH_INTERVAL_MS: '300000' });
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember();
  });

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

  it('every route the api registers reaches its handler on that host, not the redirector (derived from Express)', async () => {
    const { routes, mounts } = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'get', path: '/internal/tls/allowed' });
    for (const path of [...routes.map((route) => route.path), ...mounts])
      expect([path, isReservedPath(path)]).toEqual([path, true]);
    for (const { method, path } of routes) {
      const pending = (t.http as unknown as Record<string, (url: string) => ReturnType<TestApp['http']['get']>>)[
        method
      ](concrete(path));
      const res = await onHost(pending).redirects(0);
      expect([method, path, res.text?.includes(REDIRECTOR_404) ?? false]).toEqual([method, path, false]);
    }
    // Caddy's ask on the root host: the api's answer (400 without a domain), not the redirector's 404.
    const ask = await onHost(t.http.get('/internal/tls/allowed')).redirects(0);
    expect(ask.status).not.toBe(404);
  });
});
