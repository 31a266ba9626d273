import { authConfig } from '@app/auth';
import { httpConfig } from '@app/http';
import { ValidationPipe } from '@nestjs/common';
import { AccountClient } from '../support/account-client';
import { TestApp, testAppForSuite, TestMember } from '../support/test-app';

const PRODUCT = 'https://shopee.vn/product/123/456';
const CONVERT = { content: `Deal ${PRODUCT}`, mode: 'link_goc' };

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;

/** A JSON body with `keys` short unknown keys beside the real fields (the outside probe's wide body: ~400 KB). */
function wideBody(base: object, keys: number): string {
  const wide: Record<string, unknown> = { ...base };
  for (let i = 0; i < keys; i++) wide[`_${i.toString(36)}`] = 0;
  return JSON.stringify(wide);
}

/** The failed-login rows counted for one client address. */
async function loginFailures(t: TestApp): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM auth_attempts WHERE kind = 'login_failure'`);
  return row.n;
}

describe('request input: limits, strings and secrets, checked once for every route', () => {
  const t = testAppForSuite(
    { TRUST_PROXY: 'loopback', REGISTRATIONS_PER_IP_PER_HOUR: '1000', LOGIN_MAX_FAILURES_PER_IP: '1000' },
    { captureLogs: true },
  );
  let alice: TestMember;

  beforeAll(async () => {
    alice = await t.createMember();
  });

  describe('reproduction 1: wide JSON', () => {
    it('refuses bodies with more keys than JSON_MAX_ENTRIES before anything walks them; a call beside is served', async () => {
      const keys = 45_000;
      expect(keys).toBeGreaterThan(t.config.get(httpConfig).JSON_MAX_ENTRIES);
      const client = new AccountClient(t);
      await client.fetchCsrf();
      const register = wideBody({ email: uniqueEmail('wide'), password: 'a long password' }, keys);
      const convert = wideBody(CONVERT, keys);
      expect(register.length).toBeGreaterThan(300_000);
      expect(convert.length).toBeLessThan(t.config.get(httpConfig).BODY_LIMIT_BYTES);
      const transform = jest.spyOn(ValidationPipe.prototype, 'transform');
      try {
        const [wide1, wide2, wide3, normal] = await Promise.all([
          client.agent
            .post('/account/register')
            .set('X-CSRF-Token', client.csrf!)
            .set('Content-Type', 'application/json')
            .send(register),
          t.http.post('/api/convert').set('Content-Type', 'application/json').send(convert),
          client.agent
            .post('/account/register')
            .set('X-CSRF-Token', client.csrf!)
            .set('Content-Type', 'application/json')
            .send(register),
          t.http.post('/api/convert').set('X-API-Key', alice.apiKey).set('X-API-Token', alice.apiToken).send(CONVERT),
        ]);
        for (const wide of [wide1, wide2, wide3]) {
          expect(wide.status).toBe(413);
          expect(wide.body.error.code).toBe('payload_too_large');
          expect(wide.body.error.message).toContain(String(t.config.get(httpConfig).JSON_MAX_ENTRIES));
        }
        expect(normal.status).toBe(200);
        // No wide body reached the ValidationPipe (class-transformer's walk over every key is what stalled).
        for (const [value] of transform.mock.calls) {
          expect(Object.keys(value as object).length).toBeLessThanOrEqual(t.config.get(httpConfig).JSON_MAX_ENTRIES);
        }
        // The walk that refuses them stops at the limit (at most JSON_MAX_ENTRIES steps, no value of the wide level
        // read): libs/http/src/request-input.spec.ts counts its steps, which a timed bound here could not on a busy
        // machine (it read 1,020 ms of CPU for 1,000 once).
      } finally {
        transform.mockRestore();
      }
      // Nothing was signed up.
      const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM members WHERE email LIKE 'wide-%'`);
      expect(row.n).toBe(0);
    });

    it('counts keys and array elements over every level', async () => {
      const max = t.config.get(httpConfig).JSON_MAX_ENTRIES;
      const spread = { ...CONVERT, options: { sub_ids: Array(max).fill('a') } };
      const res = await t.send(t.http.post('/api/convert').send(spread));
      expect(res.status).toBe(413);
      // Within the limit, the body goes on (here to the credentials check).
      const within = await t.send(t.http.post('/api/convert').send({ ...CONVERT, x: Array(max - 10).fill(1) }));
      expect(within.status).toBe(401);
    });
    // The per-IP sign-up limit before validation: test/api/request-input-signup-limit.e2e-spec.ts (an app of its own).
  });

  describe('reproduction 2: U+0000 and lone surrogates', () => {
    it.each(['/account/login', '/account/register'])('%s: 400 invalid_request naming the field', async (path) => {
      const client = new AccountClient(t);
      await client.fetchCsrf();
      const nul = await client.post(path, { email: 'a\u0000@example.com', password: 'a long password' });
      expect(nul.status).toBe(400);
      expect(nul.body.error).toMatchObject({ code: 'invalid_request', field: 'email' });
      const surrogate = await client.post(path, { email: 'a@example.com', password: 'pass\ud800word long' });
      expect(surrogate.status).toBe(400);
      expect(surrogate.body.error).toMatchObject({ code: 'invalid_request', field: 'password' });
    });

    it('counts a login refused for its input as a failed login', async () => {
      const client = new AccountClient(t, { 'X-Forwarded-For': '198.51.100.200' });
      await client.fetchCsrf();
      const before = await loginFailures(t);
      expect((await client.post('/account/login', { email: 'b\u0000@example.com', password: 'x' })).status).toBe(400);
      expect((await client.post('/account/login', { password: 'no email' })).status).toBe(400);
      expect((await client.post('/account/login', { email: 'c@example.com', password: 'wrong one' })).status).toBe(401);
      expect(await loginFailures(t)).toBe(before + 3);
    });

    it('refuses U+0000 in a query string, on every route (GET /admin/members?email=%00)', async () => {
      await t.createMember({ email: 'input-admin@example.com', role: 'admin' });
      const admin = await new AccountClient(t).loginOk('input-admin@example.com');
      const res = await admin.get('/admin/members?email=%00');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'email' });
      expect((await admin.get('/admin/members?email=input-admin')).status).toBe(200);
      expect(t.logs).not.toMatch(/22021|invalid byte sequence/);
    });
  });

  describe('reproduction 3: secret-bearing query names', () => {
    it.each(['api_key', 'api_token', 'apikey', 'Api-Token', 'x-api-token', 'apiToken', 'API%5FTOKEN', 'token', 'key'])(
      '?%s= is refused with 400 and its value never logged',
      async (name) => {
        const marker = `tok_Marker${name.replace(/[^A-Za-z0-9]/g, '')}${counter++}abcdefgh`;
        const res = await t.send(
          t.http
            .post(`/api/convert?${name}=${marker}`)
            .set('X-API-Key', alice.apiKey)
            .set('X-API-Token', alice.apiToken)
            .send(CONVERT),
        );
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
        const account = await t.send(t.http.get(`/account/csrf?${name}=${marker}`));
        expect(account.status).toBe(400);
        expect(t.logs).toContain('[Redacted]');
        expect(t.logs).not.toContain(marker);
      },
    );
  });

  describe('reproduction 4: no server state for anonymous visitors', () => {
    const sessions = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM sessions'))[0].n as number;

    it('500 anonymous GET /account/csrf leave the sessions table as it was', async () => {
      const before = await sessions();
      for (let i = 0; i < 500; i++) {
        const res = await t.http.get('/account/csrf');
        expect(res.status).toBe(200);
      }
      expect(await sessions()).toBe(before);
      // The session row comes with the login.
      const member = await t.createMember();
      await new AccountClient(t).loginOk(member.member.email);
      expect(await sessions()).toBe(before + 1);
    });

    it.each(['/account/login', '/account/register'])(
      '%s refuses a missing, forged, mismatched or expired pre-login token',
      async (path) => {
        const body = { email: uniqueEmail('csrf'), password: 'a long password' };
        const client = new AccountClient(t);
        const token = await client.fetchCsrf();
        const other = new AccountClient(t);
        const otherToken = await other.fetchCsrf();
        expect(otherToken).not.toBe(token);
        const attempt = (csrf: string | null) => {
          client.csrf = csrf;
          return client.post(path, body);
        };
        for (const csrf of [null, 'A'.repeat(43), otherToken, token.slice(0, -1)]) {
          const res = await attempt(csrf);
          expect(res.status).toBe(403);
          expect(res.body.error.code).toBe('csrf_failed');
        }
        // Without the cookie the token is worth nothing.
        const noCookie = await t.send(
          t.http.post(path).set('X-CSRF-Token', token).set('Accept', 'application/json').send(body),
        );
        expect(noCookie.status).toBe(403);
        // Once the pre-login id is older than the idle timeout, the token is refused.
        t.clock.advance(t.config.get(authConfig).SESSION_IDLE_TIMEOUT_MINUTES * 60_000 + 1000);
        try {
          expect((await attempt(token)).status).toBe(403);
        } finally {
          t.clock.advance(-(t.config.get(authConfig).SESSION_IDLE_TIMEOUT_MINUTES * 60_000 + 1000));
        }
        // The right token with its cookie passes the CSRF check.
        expect((await attempt(token)).status).not.toBe(403);
      },
    );
  });
});
