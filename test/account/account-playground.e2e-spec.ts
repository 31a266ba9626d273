import { AccountClient } from '../support/account-client';
import { createTestApp, TestApp, testAppForSuite } from '../support/test-app';

const BODY = {
  content: 'Deal 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc giảm 50%!',
  mode: 'affiliate',
  affiliate_id: '17345510000',
  sub_ids: ['fb', 'post1'],
};

let counter = 0;
const uniqueEmail = () => `playground-${Date.now().toString(36)}-${counter++}@example.com`;

/** `POST /account/convert`: the account page's playground, the session as the caller. */
describe('account playground: POST /account/convert', () => {
  const t = testAppForSuite();

  async function signedUp(app = t): Promise<AccountClient> {
    const client = new AccountClient(app);
    expect((await client.register(uniqueEmail())).status).toBe(201);
    return client;
  }

  it('gives the /api/convert answer for the same body, needs the session and the CSRF token, never a token', async () => {
    const client = await signedUp();
    // Before any key: it works (the playground is where a new member looks first).
    const first = await client.post('/account/convert', BODY);
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-policy']).toBeDefined();

    const pair = await client.regenerate('correct horse battery', 0);
    expect(pair.status).toBe(200);
    const api = await t.send(
      t.http
        .post('/api/convert')
        .set('X-API-Key', pair.body.api_key)
        .set('X-API-Token', pair.body.api_token)
        .send(BODY),
    );
    const playground = await client.post('/account/convert', BODY);
    expect(playground.status).toBe(200);
    expect(playground.body).toEqual(api.body);
    expect(first.body).toEqual(api.body);
    expect(playground.text).not.toContain(pair.body.api_token);
    expect(playground.text).not.toMatch(/tok_/);

    // Without the CSRF token: 403; logged out: 401; credentials in the body: refused as unknown fields.
    const csrf = client.csrf;
    client.csrf = null;
    expect((await client.post('/account/convert', BODY)).body.error.code).toBe('csrf_failed');
    client.csrf = csrf;
    const withKey = await client.post('/account/convert', { ...BODY, api_key: pair.body.api_key });
    expect(withKey.status).toBe(400);
    expect(withKey.body.error).toMatchObject({ code: 'invalid_request', field: 'api_key' });
    const stranger = new AccountClient(t);
    await stranger.fetchCsrf();
    expect((await stranger.post('/account/convert', BODY)).status).toBe(401);
    // Bad input is a 4xx in the envelope.
    const badMode = await client.post('/account/convert', { ...BODY, mode: 'nope' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.error.code).toBe('invalid_mode');
  });

  it('counts in the usage and in the member limit shared with /api/convert', async () => {
    // An app of its own, with a member limit of 4 calls a window.
    const limitedApp = await createTestApp({ RATE_LIMIT_FREE_PER_MEMBER: '4', RATE_LIMIT_FREE_PER_KEY: '100' });
    try {
      await countsAndLimits(limitedApp);
    } finally {
      await limitedApp.close();
    }
  });

  async function countsAndLimits(t: TestApp): Promise<void> {
    const client = await signedUp(t);
    const pair = await client.regenerate('correct horse battery', 0);
    const before = (await client.get('/account')).body.usage.this_minute;
    expect((await client.post('/account/convert', BODY)).status).toBe(200);
    expect((await client.get('/account')).body.usage.this_minute).toBe(before + 1);
    const apiCall = () =>
      t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', pair.body.api_key)
          .set('X-API-Token', pair.body.api_token)
          .send(BODY),
      );
    // per_member is 4 a window: one playground call above, two API calls, one more playground call, then 429.
    expect((await apiCall()).status).toBe(200);
    expect((await apiCall()).status).toBe(200);
    expect((await client.post('/account/convert', BODY)).status).toBe(200);
    const limited = await client.post('/account/convert', BODY);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect((await apiCall()).status).toBe(429);
  }
});
