import type { Test as SuperTest } from 'supertest';
import { AccountClient } from '../support/account-client';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const PRODUCT = 'https://shopee.vn/product/55501/66602';
const AFFILIATE_ID = '17345510000';

interface Pair {
  apiKey: string;
  apiToken: string;
}

describe('keys per integration: named pairs with scopes, expiry and an IP allow-list', () => {
  let t: TestApp;
  let alice: TestMember;
  let client: AccountClient;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember();
  }, 180_000);
  beforeEach(async () => {
    client = await new AccountClient(t).loginOk(alice.member.email);
  });
  afterAll(() => t.close());

  const withPair = (pair: Pair, req: SuperTest) =>
    t.send(req.set('X-API-Key', pair.apiKey).set('X-API-Token', pair.apiToken));
  const convert = (pair: Pair, mode: string) =>
    withPair(pair, t.http.post('/api/convert').send({ content: `x ${PRODUCT}`, mode, affiliate_id: AFFILIATE_ID }));
  const makeKey = async (body: object): Promise<Pair & { id: string }> => {
    const res = await client.post('/account/keys', body);
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    expect(res.body.api_token).toMatch(/^tok_/);
    return { id: res.body.key.id, apiKey: res.body.api_key, apiToken: res.body.api_token };
  };

  it('refuses a call outside the key’s scopes with 403 insufficient_scope naming the scope', async () => {
    const reader = await makeKey({ name: 'dashboard', scopes: ['analytics:read'] });
    expect((await withPair(reader, t.http.get('/api/analytics'))).status).toBe(200);

    const hooks = await withPair(reader, t.http.get('/api/webhooks/endpoints'));
    expect(hooks.status).toBe(403);
    expect(hooks.body.error).toMatchObject({ code: 'insufficient_scope' });
    expect(hooks.body.error.message).toContain('`webhooks:write`');

    const converted = await convert(reader, 'link_goc');
    expect(converted.status).toBe(403);
    expect(converted.body.error.message).toContain('`convert`');

    const upload = await t.send(
      t.http
        .post('/api/conversions/import')
        .set('X-API-Key', reader.apiKey)
        .set('X-API-Token', reader.apiToken)
        .set('Content-Type', 'text/csv')
        .send('x'),
    );
    expect(upload.status).toBe(403);
    expect(upload.body.error.message).toContain('`reports:write`');
  });

  it('convert needs links:write in the short-link modes; the seed pair keeps every right', async () => {
    const converter = await makeKey({ name: 'bot', scopes: ['convert'] });
    expect((await convert(converter, 'affiliate')).status).toBe(200);
    const short = await convert(converter, 'own_shortener');
    expect(short.status).toBe(403);
    expect(short.body.error).toMatchObject({ code: 'insufficient_scope' });
    expect(short.body.error.message).toContain('`links:write`');

    const shortener = await makeKey({ name: 'shortener', scopes: ['convert', 'links:write'] });
    expect((await convert(shortener, 'own_shortener')).status).toBe(200);

    expect((await convert(alice, 'own_shortener')).status).toBe(200);
    expect((await withPair(alice, t.http.get('/api/webhooks/endpoints'))).status).toBe(200);
    expect((await withPair(alice, t.http.get('/api/analytics'))).status).toBe(200);
  });

  it('an IP allow-list lets its addresses in and keeps others out', async () => {
    const elsewhere = await makeKey({ name: 'office', scopes: ['analytics:read'], allowed_ips: ['203.0.113.0/24'] });
    const refused = await withPair(elsewhere, t.http.get('/api/analytics'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const here = await makeKey({ name: 'here', scopes: ['analytics:read'], allowed_ips: ['127.0.0.1/32', '::1'] });
    expect((await withPair(here, t.http.get('/api/analytics'))).status).toBe(200);
    const bad = await client.post('/account/keys', { name: 'x', scopes: ['convert'], allowed_ips: ['300.1.1.1/8'] });
    expect(bad.status).toBe(400);
  });

  it('stops working at its expiry and when revoked; the list shows neither', async () => {
    const soon = await makeKey({
      name: 'trial',
      scopes: ['analytics:read'],
      expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect((await withPair(soon, t.http.get('/api/analytics'))).status).toBe(200);
    t.clock.advance(3_600_001);
    expect((await withPair(soon, t.http.get('/api/analytics'))).status).toBe(401);
    // An hour on, the session has ended too: log in again.
    client = await new AccountClient(t).loginOk(alice.member.email);

    const gone = await makeKey({ name: 'temp', scopes: ['analytics:read'] });
    expect((await withPair(gone, t.http.get('/api/analytics'))).status).toBe(200);
    expect((await client.delete(`/account/keys/${gone.id}`)).status).toBe(200);
    expect((await withPair(gone, t.http.get('/api/analytics'))).status).toBe(401);

    const listed = await client.get('/account/keys');
    const names = listed.body.keys.map((k: { name: string }) => k.name);
    expect(names).not.toContain('trial');
    expect(names).not.toContain('temp');
    expect(names).toContain('bot');
    expect(JSON.stringify(listed.body)).not.toMatch(/tok_/);
  });

  it('regenerating the main pair leaves the keys per integration working', async () => {
    const kept = await makeKey({ name: 'kept', scopes: ['analytics:read'] });
    expect((await client.regenerate('correct horse battery', 0)).status).toBe(200);
    expect((await withPair(kept, t.http.get('/api/analytics'))).status).toBe(200);
    expect((await withPair(alice, t.http.get('/api/analytics'))).status).toBe(401);
  });
});
