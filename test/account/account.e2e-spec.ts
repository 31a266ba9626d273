import * as bcrypt from 'bcrypt';
import { createHash } from 'node:crypto';
import { authConfig } from '@app/auth';
import type { AuthConfig } from '@app/auth/testing';
import { PasswordHasher } from '@app/members';
import { AccountClient, convertStatus } from '../support/account-client';
import { temporarily } from '../support/temporarily';
import { createTestApp, TEST_PASSWORD, TestApp, testAppForSuite, usingPostgres } from '../support/test-app';
import { itIf } from '../support/skip';

const MINUTE = 60_000;

let counter = 0;
const uniqueEmail = (prefix = 'member') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;

/** A member signed up and logged in through the API, with a client holding its session. */
async function signedUp(t: TestApp, email = uniqueEmail()): Promise<{ client: AccountClient; email: string }> {
  const client = new AccountClient(t);
  const registered = await client.register(email);
  expect(registered.status).toBe(201);
  await client.loginOk(email);
  return { client, email };
}

/** Error bodies compared without their request id. */
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });

describe('account API', () => {
  // One app for the whole file (booting one takes seconds). It trusts the loopback proxy so tests can stand for
  // several client addresses with X-Forwarded-For, and it keeps its log lines for the last test.
  const t = testAppForSuite(
    { TRUST_PROXY: 'loopback', REGISTRATIONS_PER_IP_PER_HOUR: '1000', LOGIN_MAX_FAILURES_PER_IP: '1000' },
    { captureLogs: true },
  );

  describe('sign-up and login', () => {
    it('starts a pre-login session for the CSRF token, with a hardened cookie', async () => {
      const client = new AccountClient(t);
      const res = await client.get('/account/csrf');
      expect(res.status).toBe(200);
      expect(res.body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('lc_sid='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      expect(res.headers['cache-control']).toBe('no-store');
      // The same session keeps the same token.
      expect((await client.get('/account/csrf')).body.csrf_token).toBe(res.body.csrf_token);
    });

    it('signs up with 201 and refuses the same email again (any case) with 409', async () => {
      const email = uniqueEmail('dup');
      const client = new AccountClient(t);
      const created = await client.register(email);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        ok: true,
        member: { id: expect.any(String), email, role: 'member', plan: 'free', created_at: expect.any(String) },
        csrf_token: expect.any(String),
      });
      const again = await client.register(email.toUpperCase());
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'conflict', field: 'email' });
    });

    it('logs the new member in on sign-up: a new session id and a rotated CSRF token, the key next', async () => {
      const client = new AccountClient(t);
      const preSignupToken = await client.fetchCsrf();
      const preSignupId = client.sessionId;
      const email = uniqueEmail('signup-login');
      const created = await client.register(email);
      expect(created.status).toBe(201);
      expect(created.body.csrf_token).not.toBe(preSignupToken);
      expect(client.sessionId).not.toBe(preSignupId);
      const account = await client.get('/account');
      expect(account.status).toBe(200);
      expect(account.body.member.email).toBe(email);
      expect(account.body.credential).toBeNull();
      // The old token no longer passes the CSRF check; the rotated one does.
      client.csrf = preSignupToken;
      expect((await client.regenerate(TEST_PASSWORD, 0)).status).toBe(403);
      client.csrf = created.body.csrf_token;
      const pair = await client.regenerate(TEST_PASSWORD, 0);
      expect(pair.status).toBe(200);
      expect(pair.body.api_key).toMatch(/^sk_/);
    });

    it('takes passwords of 8 to 128 characters, counted as characters, with nothing truncated', async () => {
      const client = new AccountClient(t);
      const short = await client.register(uniqueEmail(), 'seven77');
      expect(short.status).toBe(400);
      expect(short.body.error).toMatchObject({ code: 'invalid_request', field: 'password' });
      expect((await client.register(uniqueEmail(), 'x'.repeat(129))).status).toBe(400);

      // 128 four-byte characters (512 bytes) are accepted, and a change after byte 72 matters.
      const long = '🔑'.repeat(100) + 'a'.repeat(28);
      const email = uniqueEmail('long');
      expect((await client.register(email, long)).status).toBe(201);
      const other = new AccountClient(t);
      expect((await other.login(email, long.slice(0, -1) + 'b')).status).toBe(401);
      expect((await other.login(email, long)).status).toBe(200);
    });

    it('logs in with a new session id (no fixation): the pre-login session is gone', async () => {
      const email = uniqueEmail();
      const client = new AccountClient(t);
      await client.register(email);
      const preLoginCookie = client.cookie!;
      const preLoginId = client.sessionId!;
      const preLoginToken = client.csrf;

      const res = await client.login(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ok: true,
        member: expect.objectContaining({ email, role: 'member', plan: 'free' }),
        csrf_token: expect.any(String),
      });
      expect(client.sessionId).not.toBe(preLoginId);
      expect(res.body.csrf_token).not.toBe(preLoginToken);
      expect((await client.get('/account')).status).toBe(200);

      const rows = await t.dataSource.query('SELECT 1 FROM sessions WHERE id_hash = $1', [
        createHash('sha256').update(preLoginId).digest('hex'),
      ]);
      expect(rows).toHaveLength(0);
      const withOldCookie = await t.send(t.http.get('/account').set('Cookie', preLoginCookie));
      expect(withOldCookie.status).toBe(401);
      expect(withOldCookie.body.error.code).toBe('unauthenticated');
    });

    it('answers a wrong password and an unknown email with the same body, after the same bcrypt work', async () => {
      const { email } = await signedUp(t);
      const hasher = t.app.get(PasswordHasher);
      const verify = jest.spyOn(hasher, 'verify');
      try {
        const wrongPassword = await new AccountClient(t).login(email, 'not the password');
        const callsAfterWrongPassword = verify.mock.calls.length;
        const unknownEmail = await new AccountClient(t).login(uniqueEmail('nobody'), 'not the password');
        expect(wrongPassword.status).toBe(401);
        expect(unknownEmail.status).toBe(401);
        expect(withoutRequestId(unknownEmail.body)).toEqual(withoutRequestId(wrongPassword.body));
        expect(wrongPassword.body.error).toEqual({
          code: 'invalid_credentials',
          message: 'The email or password is not correct',
        });
        // One real bcrypt comparison each (against a dummy hash for the unknown email).
        expect(callsAfterWrongPassword).toBe(1);
        expect(verify.mock.calls.length).toBe(2);
      } finally {
        verify.mockRestore();
      }
    });

    it('accepts a legacy (unkeyed) password hash once and replaces it with the keyed form at login', async () => {
      const { email } = await signedUp(t);
      const legacy = await bcrypt.hash(createHash('sha256').update(TEST_PASSWORD, 'utf8').digest('base64'), 4);
      await t.dataSource.query('UPDATE members SET password_hash = $1 WHERE email = $2', [legacy, email]);
      const stored = async () =>
        (await t.dataSource.query('SELECT password_hash FROM members WHERE email = $1', [email]))[0].password_hash;

      expect((await new AccountClient(t).login(email, 'not the password')).status).toBe(401);
      expect(await stored()).toBe(legacy);
      await new AccountClient(t).loginOk(email);
      const upgraded = await stored();
      expect(upgraded).toMatch(/^hmac1:\$2b\$04\$/);
      expect(await bcrypt.compare(createHash('sha256').update(TEST_PASSWORD).digest('base64'), upgraded.slice(6))).toBe(
        false,
      );
      await new AccountClient(t).loginOk(email);
      expect(await stored()).toBe(upgraded);
    });

    it('refuses a login without the fields, or with them in the query string', async () => {
      const client = new AccountClient(t);
      await client.fetchCsrf();
      const missing = await client.post('/account/login', { email: 'someone@example.com' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('invalid_request');
      const inQuery = await client.post('/account/login?email=a@example.com&password=secretsecret', {});
      expect(inQuery.status).toBe(400);
    });

    it('logs out: the session row is deleted and the cookie cleared', async () => {
      const { client } = await signedUp(t);
      const sid = client.sessionId!;
      const out = await client.post('/account/logout');
      expect(out.status).toBe(200);
      expect(out.headers['set-cookie']?.[0]).toMatch(/^lc_sid=;/);
      const rows = await t.dataSource.query('SELECT 1 FROM sessions WHERE id_hash = $1', [
        createHash('sha256').update(sid).digest('hex'),
      ]);
      expect(rows).toHaveLength(0);
      expect((await client.get('/account')).status).toBe(401);
    });

    it('answers 401 unauthenticated on account routes without a session', async () => {
      const res = await t.send(t.http.get('/account').set('Accept', 'application/json'));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    });
  });

  describe('CSRF', () => {
    it('refuses every state-changing route without the token (403 csrf_failed)', async () => {
      const { client } = await signedUp(t);
      const token = client.csrf;
      client.csrf = null;
      const attempts = [
        client.post('/account/register', { email: uniqueEmail(), password: TEST_PASSWORD }),
        client.post('/account/login', { email: uniqueEmail(), password: TEST_PASSWORD }),
        client.post('/account/credentials/regenerate', { password: TEST_PASSWORD, grace_seconds: 0 }),
        client.patch('/account/settings', { affiliate_id: 'x1' }),
        client.post('/account/password', { current_password: TEST_PASSWORD, new_password: 'another password' }),
        client.post('/account/logout'),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('csrf_failed');
      }
      client.csrf = token;
      expect((await client.get('/account')).status).toBe(200);
    });

    it('refuses a wrong token and a token of another session', async () => {
      const { client } = await signedUp(t);
      const { client: other } = await signedUp(t);
      client.csrf = other.csrf;
      expect((await client.patch('/account/settings', { affiliate_id: 'x1' })).status).toBe(403);
      client.csrf = 'A'.repeat(43);
      expect((await client.patch('/account/settings', { affiliate_id: 'x1' })).status).toBe(403);
    });

    it('refuses a cross-site Origin, Referer or Sec-Fetch-Site even with the right token', async () => {
      const { client } = await signedUp(t);
      const patch = (headers: Record<string, string>) => {
        const pending = client.agent
          .patch('/account/settings')
          .set('Host', 'app.example:8443')
          .set('X-CSRF-Token', client.csrf!)
          .set('Accept', 'application/json');
        for (const [name, value] of Object.entries(headers)) pending.set(name, value);
        return t.send(pending.send({ affiliate_id: 'x1' }));
      };
      const crossSite: Array<Record<string, string>> = [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { Referer: 'https://evil.example/page' },
        { 'Sec-Fetch-Site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await patch(headers);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('csrf_failed');
      }
      const crossPort = await patch({ Origin: 'http://app.example:9999' });
      expect(crossPort.status).toBe(403);
      expect((await patch({ Origin: 'http://app.example:8443', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
      expect((await patch({ Referer: 'http://app.example:8443/account' })).status).toBe(200);
      expect((await patch({})).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('ends after the idle timeout, and activity keeps it alive until then', async () => {
      const { client } = await signedUp(t);
      const idle = t.config.get(authConfig).SESSION_IDLE_TIMEOUT_MINUTES * MINUTE;
      t.clock.advance(idle - 5 * MINUTE);
      expect((await client.get('/account')).status).toBe(200);
      t.clock.advance(idle - 5 * MINUTE);
      expect((await client.get('/account')).status).toBe(200);
      t.clock.advance(idle + MINUTE);
      const res = await client.get('/account');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    });

    it('ends at the absolute timeout however active it is', async () => {
      const { client } = await signedUp(t);
      const step = (t.config.get(authConfig).SESSION_IDLE_TIMEOUT_MINUTES / 2) * MINUTE;
      const absolute = t.config.get(authConfig).SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * MINUTE;
      let elapsed = 0;
      while (elapsed + step < absolute) {
        t.clock.advance(step);
        elapsed += step;
        expect((await client.get('/account')).status).toBe(200);
      }
      t.clock.advance(absolute - elapsed + MINUTE);
      expect((await client.get('/account')).status).toBe(401);
    });

    it('stores only the SHA-256 of the session id, with the member it belongs to', async () => {
      const { client } = await signedUp(t);
      const me = (await client.get('/account')).body.member;
      const rows: Array<{ id_hash: string; member_id: string; data: unknown }> = await t.dataSource.query(
        'SELECT id_hash, member_id, data FROM sessions WHERE member_id = $1',
        [me.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].id_hash).toBe(createHash('sha256').update(client.sessionId!).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(client.sessionId!);
    });

    it('ends every session of the member when the password changes, and keeps this browser logged in', async () => {
      const { client: laptop, email } = await signedUp(t);
      const phone = await new AccountClient(t).loginOk(email);
      expect((await phone.get('/account')).status).toBe(200);

      const wrong = await laptop.post('/account/password', {
        current_password: 'not my password',
        new_password: 'a brand new password',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toMatchObject({ code: 'wrong_password', field: 'current_password' });

      const laptopSessionBefore = laptop.sessionId;
      const changed = await laptop.post('/account/password', {
        current_password: TEST_PASSWORD,
        new_password: 'a brand new password',
      });
      expect(changed.status).toBe(200);
      expect(laptop.sessionId).not.toBe(laptopSessionBefore);
      expect((await laptop.get('/account')).status).toBe(200);
      expect((await phone.get('/account')).status).toBe(401);

      expect((await new AccountClient(t).login(email)).status).toBe(401);
      expect((await new AccountClient(t).login(email, 'a brand new password')).status).toBe(200);
    });

    it('refuses a session made before a password change even if its row came back', async () => {
      const { client, email } = await signedUp(t);
      const member = (await client.get('/account')).body.member;
      const [row] = await t.dataSource.query('SELECT * FROM sessions WHERE member_id = $1', [member.id]);
      const other = await new AccountClient(t).loginOk(email);
      await other.post('/account/password', { current_password: TEST_PASSWORD, new_password: 'a brand new password' });
      // Simulate a request that was in flight and saved the old session after the change.
      await t.dataSource.query(
        'INSERT INTO sessions (id_hash, member_id, data, created_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.id_hash, row.member_id, JSON.stringify(row.data), row.created_at, row.expires_at, row.absolute_expires_at],
      );
      expect((await client.get('/account')).status).toBe(401);
    });

    it('prunes expired sessions and login attempts older than every window', async () => {
      await signedUp(t);
      await new AccountClient(t).login(uniqueEmail('ghost'), 'wrong password');
      const count = async (table: string) =>
        Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
      expect(await count('sessions')).toBeGreaterThan(0);
      expect(await count('auth_attempts')).toBeGreaterThan(0);
      t.clock.advance(t.config.get(authConfig).SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * MINUTE + MINUTE);
      const { AuthMaintenance } = await import('@app/auth/testing');
      await t.app.get(AuthMaintenance).run();
      expect(await count('sessions')).toBe(0);
      const kinds = async () =>
        (await t.dataSource.query('SELECT DISTINCT kind FROM auth_attempts')).map((row: { kind: string }) => row.kind);
      // Failures and sign-ups are gone; the known IPs of successful logins stay for LOGIN_KNOWN_IP_DAYS.
      expect(await kinds()).toEqual(['login_success']);
      t.clock.advance(t.config.get(authConfig).LOGIN_KNOWN_IP_DAYS * 24 * 60 * MINUTE);
      await t.app.get(AuthMaintenance).run();
      expect(await count('auth_attempts')).toBe(0);
    });

    itIf(usingPostgres, 'needs DATABASE_URL')(
      'survives a restart and is shared by another instance (Postgres)',
      async () => {
        const { client } = await signedUp(t);
        const second = await createTestApp({}, { keepData: true });
        try {
          const res = await t.send(
            second.http.get('/account').set('Cookie', client.cookie!).set('Accept', 'application/json'),
          );
          expect(res.status).toBe(200);
        } finally {
          await second.close();
        }
      },
    );
  });

  describe('API key and token', () => {
    it('creates the first pair, shows the key preview and date, never the token', async () => {
      const { client } = await signedUp(t);
      const before = await client.get('/account');
      expect(before.body.credential).toBeNull();

      const created = await client.regenerate(TEST_PASSWORD, 0);
      expect(created.status).toBe(200);
      expect(created.headers['cache-control']).toBe('no-store');
      expect(created.body.api_key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
      expect(created.body.api_token).toMatch(/^tok_[0-9A-Za-z]{40}$/);
      expect(await convertStatus(t, created.body.api_key, created.body.api_token)).toBe(200);

      const after = await client.get('/account');
      expect(after.body.credential).toEqual({ key_preview: created.body.key_preview, created_at: expect.any(String) });
      expect(after.body.credential.key_preview).toBe(
        `${created.body.api_key.slice(0, 7)}…${created.body.api_key.slice(-4)}`,
      );
      expect(after.text).not.toContain(created.body.api_token);
      expect(after.text).not.toContain(created.body.api_key);
    });

    it('requires the password again: missing is 400, wrong is 403 and the pair stays', async () => {
      const { client } = await signedUp(t);
      const first = (await client.regenerate(TEST_PASSWORD, 0)).body;

      const missing = await client.post('/account/credentials/regenerate', { grace_seconds: 0 });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ code: 'invalid_request', field: 'password' });
      const wrong = await client.regenerate('not my password', 0);
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toMatchObject({ code: 'wrong_password', field: 'password' });

      expect(await convertStatus(t, first.api_key, first.api_token)).toBe(200);
      expect((await client.get('/account')).body.credential.key_preview).toBe(first.key_preview);
    });

    it('with grace 0 the old pair stops at once and the new one works', async () => {
      const { client } = await signedUp(t);
      const old = (await client.regenerate(TEST_PASSWORD, 0)).body;
      expect(await convertStatus(t, old.api_key, old.api_token)).toBe(200);
      const fresh = (await client.regenerate(TEST_PASSWORD, 0)).body;
      expect(await convertStatus(t, old.api_key, old.api_token)).toBe(401);
      expect(await convertStatus(t, fresh.api_key, fresh.api_token)).toBe(200);
    });

    it('with a grace period the old pair works until it ends, then stops; the new one works throughout', async () => {
      const { client } = await signedUp(t);
      const old = (await client.regenerate(TEST_PASSWORD, 0)).body;
      const fresh = (await client.regenerate(TEST_PASSWORD, 3600)).body;
      expect(fresh.grace_seconds).toBe(3600);
      expect(await convertStatus(t, old.api_key, old.api_token)).toBe(200);
      expect(await convertStatus(t, fresh.api_key, fresh.api_token)).toBe(200);

      const overview = await client.get('/account');
      expect(overview.body.expiring_credentials).toEqual([
        { key_preview: old.key_preview, created_at: expect.any(String), expires_at: expect.any(String) },
      ]);

      t.clock.advance(3599_000);
      expect(await convertStatus(t, old.api_key, old.api_token)).toBe(200);
      t.clock.advance(2_000);
      expect(await convertStatus(t, old.api_key, old.api_token)).toBe(401);
      expect(await convertStatus(t, fresh.api_key, fresh.api_token)).toBe(200);
    });

    it('refuses grace periods outside 0..86400 whole seconds', async () => {
      const { client } = await signedUp(t);
      for (const grace of [-1, 86_401, 1.5, '60']) {
        const res = await client.post('/account/credentials/regenerate', {
          password: TEST_PASSWORD,
          grace_seconds: grace,
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_request', field: 'grace_seconds' });
      }
    });
  });

  describe('settings', () => {
    it('saves the default affiliate id and sub ids, and convert uses them when the request has none', async () => {
      const { client } = await signedUp(t);
      const pair = (await client.regenerate(TEST_PASSWORD, 0)).body;
      const saved = await client.patch('/account/settings', { affiliate_id: 'aff_123', sub_ids: ['fb', 'post1'] });
      expect(saved.status).toBe(200);
      expect(saved.body.settings).toMatchObject({ affiliate_id: 'aff_123', sub_ids: ['fb', 'post1'] });

      const res = await t.send(
        t.http
          .post('/api/convert')
          .set('X-API-Key', pair.api_key)
          .set('X-API-Token', pair.api_token)
          .send({ content: 'https://shopee.vn/product/1/2', mode: 'affiliate' }),
      );
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body.items[0].output)).toContain('aff_123');
      expect(JSON.stringify(res.body.items[0].output)).toContain('fb-post1');

      const cleared = await client.patch('/account/settings', { affiliate_id: null, sub_ids: [] });
      expect(cleared.body.settings).toMatchObject({ affiliate_id: null, sub_ids: [] });
    });

    it('saves Lazada and Tiki codes, and convert builds their affiliate links with them', async () => {
      const { client } = await signedUp(t);
      const pair = (await client.regenerate(TEST_PASSWORD, 0)).body;
      const content =
        'Lazada https://www.lazada.vn/products/ao-thun-i123456789-s987654321.html ' +
        'Tiki https://tiki.vn/binh-giu-nhiet-p274091.html';
      const convert = () =>
        t.send(
          t.http
            .post('/api/convert')
            .set('X-API-Key', pair.api_key)
            .set('X-API-Token', pair.api_token)
            .send({ content, mode: 'affiliate', affiliate_id: 'aff_1', sub_ids: ['fb'] }),
        );

      const before = await convert();
      expect(before.status).toBe(200);
      expect(before.body.items.map((item: { error?: { code: string } }) => item.error?.code)).toEqual([
        'marketplace_not_configured',
        'marketplace_not_configured',
      ]);

      const saved = await client.patch('/account/settings', {
        lazada_master_code: ' https://c.lazada.vn/t/c.YParqP ',
        tiki_publisher_code: 'MyPub123',
        tiki_campaign_code: 'MYCAMP01',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.settings.marketplace).toEqual({
        lazada_master_code: 'YParqP',
        tiki_publisher_code: 'MyPub123',
        tiki_campaign_code: 'MYCAMP01',
      });

      // Saving settings drops the cached verification, so the very next call sees the codes.
      const after = await convert();
      expect(after.status).toBe(200);
      expect(after.body.summary).toEqual({ total: 2, success: 2, failed: 0 });
      expect(after.body.items[0].output).toBe(
        `https://c.lazada.vn/t/c.YParqP?url=${encodeURIComponent(
          'https://www.lazada.vn/products/ao-thun-i123456789-s987654321.html',
        )}&sub_id1=fb`,
      );
      expect(after.body.items[1].output).toMatch(
        /^https:\/\/ti\.ki\/MyPub123\/MYCAMP01\?TIKI_URI=https%3A%2F%2Ftiki\.vn%2F/,
      );

      // One code cleared, the others kept.
      const cleared = await client.patch('/account/settings', { tiki_campaign_code: null });
      expect(cleared.body.settings.marketplace).toEqual({
        lazada_master_code: 'YParqP',
        tiki_publisher_code: 'MyPub123',
        tiki_campaign_code: null,
      });
      const partly = await convert();
      expect(partly.body.items[0].output).toContain('c.lazada.vn/t/c.YParqP');
      expect(partly.body.items[1].error.code).toBe('marketplace_not_configured');
    });

    it('refuses bad values and unknown fields with the field named', async () => {
      const { client } = await signedUp(t);
      const cases: Array<[object, string]> = [
        [{ affiliate_id: 'has space' }, 'affiliate_id'],
        [{ sub_ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'sub_ids'],
        [{ sub_ids: ['with-dash'] }, 'sub_ids'],
        [{ bitly_token: 'two words' }, 'bitly_token'],
        [{ bitly_token: 'x'.repeat(513) }, 'bitly_token'],
        [{ member_id: '00000000-0000-0000-0000-000000000000' }, 'member_id'],
        [{ lazada_master_code: 'https://evil.example/t/c.YParqP' }, 'lazada_master_code'],
        [{ lazada_master_code: 'not a code' }, 'lazada_master_code'],
        [{ tiki_publisher_code: 'a/b' }, 'tiki_publisher_code'],
        [{ tiki_campaign_code: 'x'.repeat(65) }, 'tiki_campaign_code'],
        [{ tiki_campaign_code: 42 }, 'tiki_campaign_code'],
      ];
      for (const [body, field] of cases) {
        const res = await client.patch('/account/settings', body);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'invalid_request', field });
      }
    });

    it('stores secrets encrypted, shows only previews, and opens them for the modes that need them', async () => {
      const { client } = await signedUp(t);
      const bitly = 'bitlyTokenABCDEFGHIJ0123456789wxyz';
      const secret = 'shopeeSecret-0123456789';
      const res = await client.patch('/account/settings', {
        bitly_token: bitly,
        shopee_app_secret: secret,
        shopee_app_id: '1234567',
      });
      expect(res.status).toBe(200);
      expect(res.body.settings.secrets).toEqual({
        bitly_token: { set: true, preview: 'bitl…wxyz', updated_at: expect.any(String) },
        shopee_app_secret: { set: true, preview: 'shop…6789', updated_at: expect.any(String) },
        shopee_app_id: { set: true, preview: '••••', updated_at: expect.any(String) },
        cuttly_key: { set: false, preview: null, updated_at: null },
        lazada_app_key: { set: false, preview: null, updated_at: null },
        lazada_app_secret: { set: false, preview: null, updated_at: null },
        lazada_user_token: { set: false, preview: null, updated_at: null },
      });
      const overview = await client.get('/account');
      for (const text of [res.text, overview.text]) {
        expect(text).not.toContain(bitly);
        expect(text).not.toContain(secret);
        expect(text).not.toContain('1234567');
      }

      const memberId = overview.body.member.id;
      const rows: Array<{ name: string; encrypted_value: string }> = await t.dataSource.query(
        'SELECT name, encrypted_value FROM member_secrets WHERE member_id = $1 ORDER BY name',
        [memberId],
      );
      expect(rows.map((row) => row.name)).toEqual(['bitly_token', 'shopee_app_id', 'shopee_app_secret']);
      for (const row of rows) {
        expect(row.encrypted_value).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
        expect(row.encrypted_value).not.toContain(bitly);
      }

      const { MemberSettingsService } = await import('@app/members');
      const settings = t.app.get(MemberSettingsService);
      expect(await settings.secret(memberId, 'bitly_token')).toBe(bitly);
      expect(await settings.secret(memberId, 'cuttly_key')).toBeNull();

      const removed = await client.patch('/account/settings', { bitly_token: null });
      expect(removed.body.settings.secrets.bitly_token).toEqual({ set: false, preview: null, updated_at: null });
      expect(await settings.secret(memberId, 'bitly_token')).toBeNull();
    });
  });

  describe('usage', () => {
    it('counts successful converts this minute and today, off the request path', async () => {
      // At the start of a minute of the app's clock, so the calls and the reads below share it on a slow machine.
      t.clock.advance(MINUTE - (t.clock.now().getTime() % MINUTE));
      const { client } = await signedUp(t);
      const pair = (await client.regenerate(TEST_PASSWORD, 0)).body;
      for (let i = 0; i < 3; i++) expect(await convertStatus(t, pair.api_key, pair.api_token)).toBe(200);
      expect(await convertStatus(t, pair.api_key, 'tok_' + 'x'.repeat(40))).toBe(401);

      const memberId = (await client.get('/account')).body.member.id;
      // Not written yet: the counters are flushed on a timer.
      expect(await t.dataSource.query('SELECT calls FROM member_usage WHERE member_id = $1', [memberId])).toEqual([]);
      expect((await client.get('/account')).body.usage).toMatchObject({ this_minute: 3, today: 3 });

      const { UsageService } = await import('@app/usage');
      await t.app.get(UsageService).flush();
      const rows = await t.dataSource.query('SELECT calls FROM member_usage WHERE member_id = $1', [memberId]);
      expect(rows.map((row: { calls: number }) => Number(row.calls))).toEqual([3]);
      expect((await client.get('/account')).body.usage).toEqual({
        this_minute: 3,
        today: 3,
        short_links: expect.objectContaining({ today: 0, total: 0 }),
      });

      t.clock.advance(MINUTE);
      expect((await client.get('/account')).body.usage).toEqual({
        this_minute: 0,
        today: 3,
        short_links: expect.objectContaining({ today: 0, total: 0 }),
      });
    });
  });

  describe('isolation', () => {
    it('shows and changes only the logged-in member', async () => {
      const alice = await signedUp(t, uniqueEmail('alice'));
      const bob = await signedUp(t, uniqueEmail('bob'));
      await alice.client.patch('/account/settings', { affiliate_id: 'alice_aff' });
      await bob.client.patch('/account/settings', { affiliate_id: 'bob_aff' });

      const aliceView = (await alice.client.get('/account')).body;
      const bobView = (await bob.client.get('/account')).body;
      expect(aliceView.member.email).toBe(alice.email);
      expect(bobView.member.email).toBe(bob.email);
      expect(aliceView.settings.affiliate_id).toBe('alice_aff');
      expect(bobView.settings.affiliate_id).toBe('bob_aff');

      // No route takes a member id from a non-admin: trying to name one is refused.
      const sneaky = await bob.client.patch('/account/settings', { member_id: aliceView.member.id, affiliate_id: 'x' });
      expect(sneaky.status).toBe(400);
      const adminRead = await bob.client.get('/admin/members');
      expect(adminRead.status).toBe(403);
      const adminWrite = await bob.client.patch(`/admin/members/${aliceView.member.id}`, { plan: 'pro' });
      expect(adminWrite.status).toBe(403);
      expect(adminWrite.body.error.code).toBe('forbidden');
      expect((await alice.client.get('/account')).body.settings.affiliate_id).toBe('alice_aff');
      expect((await alice.client.get('/account')).body.member.plan).toBe('free');
    });
  });

  describe('throttling and configuration', () => {
    /** Runs `work` with some limits changed on the live config (every limit is read per request). */
    const withConfig = (changes: Partial<AuthConfig>, work: () => Promise<void>) =>
      temporarily(t.config.get(authConfig), changes, work);

    it('counts wrong passwords for sensitive actions as failed logins: 429 after the limit', async () => {
      const { client } = await signedUp(t);
      await withConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: 2 }, async () => {
        expect((await client.regenerate('wrong one', 0)).status).toBe(403);
        expect((await client.regenerate('wrong two', 0)).status).toBe(403);
        const limited = await client.regenerate(TEST_PASSWORD, 0);
        expect(limited.status).toBe(429);
        expect(limited.body.error.code).toBe('rate_limited');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      });
    });

    it('closes sign-up with REGISTRATION_OPEN=false', async () => {
      await withConfig({ REGISTRATION_OPEN: false }, async () => {
        const res = await new AccountClient(t).register(uniqueEmail());
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('registration_closed');
      });
    });

    it('throttles sign-ups per IP for an hour', async () => {
      const client = new AccountClient(t, { 'X-Forwarded-For': '192.0.2.44' });
      await withConfig({ REGISTRATIONS_PER_IP_PER_HOUR: 2 }, async () => {
        expect((await client.register(uniqueEmail())).status).toBe(201);
        expect((await client.register(uniqueEmail())).status).toBe(201);
        const limited = await client.register(uniqueEmail());
        expect(limited.status).toBe(429);
        expect(limited.body.error.code).toBe('rate_limited');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
        // Another address is not affected.
        expect((await new AccountClient(t, { 'X-Forwarded-For': '192.0.2.45' }).register(uniqueEmail())).status).toBe(
          201,
        );
        t.clock.advance(3_601_000);
        client.csrf = null; // the pre-login session has timed out meanwhile
        expect((await client.register(uniqueEmail())).status).toBe(201);
      });
    });

    it('throttles failed logins per account+IP and per IP, with Retry-After, and lifts after the window', async () => {
      // The app trusts the loopback proxy, so X-Forwarded-For stands for distinct client addresses.
      const from = (ip: string) => new AccountClient(t, { 'X-Forwarded-For': ip });
      const victim = uniqueEmail('victim');
      expect((await from('203.0.113.9').register(victim)).status).toBe(201);
      await withConfig(
        { LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: 3, LOGIN_MAX_FAILURES_PER_IP: 5, LOGIN_FAILURE_WINDOW_MINUTES: 15 },
        async () => {
          const attacker = from('198.51.100.7');
          for (let i = 0; i < 3; i++) expect((await attacker.login(victim, `guess ${i}`)).status).toBe(401);
          const locked = await attacker.login(victim, TEST_PASSWORD);
          expect(locked.status).toBe(429);
          expect(locked.body.error.code).toBe('rate_limited');
          expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
          expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

          // The member, from their own address, is not locked out.
          expect((await from('203.0.113.9').login(victim)).status).toBe(200);

          // Per IP: two more failures on other accounts reach the IP limit (5) for every account.
          expect((await attacker.login(uniqueEmail('x'), 'guess')).status).toBe(401);
          expect((await attacker.login(uniqueEmail('y'), 'guess')).status).toBe(401);
          expect((await attacker.login(uniqueEmail('z'), 'guess')).status).toBe(429);
          // IPv6 addresses in one /64 count together.
          const v6 = (suffix: string) => from(`2001:db8:1:2::${suffix}`);
          for (let i = 1; i <= 5; i++) {
            expect((await v6(String(i)).login(uniqueEmail('v6'), 'guess')).status).toBe(401);
          }
          expect((await v6('99').login(victim)).status).toBe(429);

          t.clock.advance(15 * MINUTE + 1000);
          attacker.csrf = null;
          expect((await attacker.login(victim)).status).toBe(200);
        },
      );
    });

    it('throttles failed logins per account from many IPs, sparing IPs that logged in to it before', async () => {
      const from = (ip: string) => new AccountClient(t, { 'X-Forwarded-For': ip });
      const victim = uniqueEmail('sprayed');
      const bystander = uniqueEmail('bystander');
      expect((await from('203.0.113.30').register(victim)).status).toBe(201);
      expect((await from('203.0.113.31').register(bystander)).status).toBe(201);
      // The member's usual address: a successful login makes it known for the account.
      await from('203.0.113.30').loginOk(victim);
      await withConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: 4, LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES: 30 }, async () => {
        // One wrong guess each from four addresses: under every per-IP limit, at the per-account one.
        for (let i = 1; i <= 4; i++) {
          expect((await from(`198.51.100.${40 + i}`).login(victim, `spray ${i}`)).status).toBe(401);
        }
        const sprayed = await from('198.51.100.50').login(victim, TEST_PASSWORD);
        expect(sprayed.status).toBe(429);
        expect(sprayed.body.error).toEqual({
          code: 'rate_limited',
          message: 'Too many failed logins; try again later',
        });
        expect(Number(sprayed.headers['retry-after'])).toBeGreaterThan(29 * 60);
        expect(Number(sprayed.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
        expect((await from('198.51.100.41').login(victim)).status).toBe(429);

        // Another account is not affected, nor is the member from the address they logged in from before.
        expect((await from('198.51.100.51').login(bystander, 'wrong guess')).status).toBe(401);
        expect((await from('198.51.100.52').login(bystander)).status).toBe(200);
        expect((await from('203.0.113.30').login(victim)).status).toBe(200);

        // Its own window: still closed after the per-IP window (15 min), open after 30 min.
        t.clock.advance(16 * MINUTE);
        expect((await from('198.51.100.53').login(victim)).status).toBe(429);
        t.clock.advance(14 * MINUTE + 1000);
        expect((await from('198.51.100.54').login(victim)).status).toBe(200);
      });
    });

    it('sets the Secure flag on the cookie when the request came over TLS (COOKIE_SECURE=auto)', async () => {
      const overTls = await t.send(t.http.get('/account/csrf').set('X-Forwarded-Proto', 'https'));
      expect(overTls.headers['set-cookie']?.[0]).toMatch(/; Secure/);
      const plain = await t.send(t.http.get('/account/csrf'));
      expect(plain.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
    });
  });

  describe('pages', () => {
    const pages = ['/', '/signup', '/login'];
    const memberPages = ['/dashboard', '/dashboard/try', '/dashboard/settings', '/dashboard/profile'];

    function assertPage(res: { status: number; type: string; headers: Record<string, string>; text: string }) {
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('<script src="/assets/vendor/htmx.min.js" defer></script>');
      expect(res.text).toContain('<script src="/assets/islands.js" defer></script>');
      expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(res.text).not.toMatch(/\son[a-z]+=/i);
      expect(res.text).toMatch(/^<!doctype html><html lang="en">/);
    }

    it('serves every page as HTML, with the CSP on and no inline script or handler; assets from our origin', async () => {
      for (const path of pages) assertPage(await t.send(t.http.get(path)));
      const { member } = await t.createMember();
      const client = await new AccountClient(t).loginOk(member.email);
      for (const path of memberPages) assertPage(await client.get(path));
      const script = await t.send(t.http.get('/assets/islands.js'));
      expect(script.status).toBe(200);
      expect(script.type).toBe('text/javascript');
      expect((await t.send(t.http.get('/assets/app.css'))).type).toBe('text/css');
      expect((await t.send(t.http.get('/assets/nope.js'))).status).toBe(404);
      for (const [file, name] of [
        ['chart.umd.min.js', 'Chart'],
        ['htmx.min.js', 'htmx'],
      ]) {
        const vendor = await t.send(t.http.get(`/assets/vendor/${file}`));
        expect(vendor.status).toBe(200);
        expect(vendor.type).toBe('application/javascript');
        expect(vendor.text).toContain(name);
      }
      expect((await t.send(t.http.get('/assets/vendor/nope.js'))).status).toBe(404);
    });

    it('labels every form field, on the admin members page too (as an admin)', async () => {
      const { member: admin } = await t.createMember({ role: 'admin' });
      const adminClient = await new AccountClient(t).loginOk(admin.email);
      const pages: Array<[string, AccountClient | null]> = [
        ['/signup', null],
        ['/login', null],
        ['/dashboard', adminClient],
        ['/dashboard/try', adminClient],
        ['/dashboard/settings', adminClient],
        ['/console/members', adminClient],
        ['/console/abuse', adminClient],
      ];
      for (const [path, client] of pages) {
        const res = await (client ? client.get(path) : t.send(t.http.get(path)));
        expect(res.type).toBe('text/html');
        const fields = [...res.text.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map((match) => match[0]);
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) {
          const id = /\sid="([^"]+)"/.exec(field)?.[1];
          if (id) expect(res.text).toContain(`for="${id}"`);
          else expect(field).toMatch(/\saria-label(ledby)?="[^"]+"/);
        }
      }
    });

    it('keeps one representation per path: the JSON routes answer JSON to a browser too, the pages redirect to the login', async () => {
      const json = await t.send(t.http.get('/account').set('Accept', 'text/html'));
      expect(json.status).toBe(401);
      expect(json.type).toBe('application/json');
      const admin = await t.send(t.http.get('/admin/members').set('Accept', 'text/html'));
      expect(admin.type).toBe('application/json');
      for (const path of ['/dashboard', '/dashboard/settings', '/console', '/console/members']) {
        const page = await t.send(t.http.get(path));
        expect([path, page.status, page.headers.location]).toEqual([path, 303, '/login']);
      }
    });

    it('documents the account and admin routes in the OpenAPI document', async () => {
      const res = await t.send(t.http.get('/docs/openapi.json'));
      for (const path of [
        '/account/csrf',
        '/account/register',
        '/account/login',
        '/account/logout',
        '/account',
        '/account/credentials/regenerate',
        '/account/settings',
        '/account/password',
        '/admin/members',
        '/admin/members/{id}',
      ]) {
        expect(res.body.paths[path]).toBeDefined();
      }
      expect(res.body.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'lc_sid' });
      expect(res.body.paths['/account/login'].post.security).toEqual([]);
      expect(res.body.paths['/account'].get.security).toEqual([{ session: [] }]);
    });
  });

  describe('nothing secret in logs', () => {
    it('keeps tokens, passwords, hashes, encrypted settings and session ids out of every log line', async () => {
      const email = uniqueEmail('logs');
      const password = 'my very secret password';
      const client = new AccountClient(t);
      await client.register(email, password);
      await new AccountClient(t).login(email, 'a wrong password here');
      await client.loginOk(email, password);
      const pair = (await client.regenerate(password, 0)).body;
      expect(await convertStatus(t, pair.api_key, pair.api_token)).toBe(200);
      const bitly = 'bitlyTokenABCDEFGHIJ0123456789wxyz';
      await client.patch('/account/settings', { bitly_token: bitly });
      await client.post('/account/password', { current_password: password, new_password: 'another secret password' });
      await client.get('/account');

      const [{ password_hash: hash }] = await t.dataSource.query('SELECT password_hash FROM members WHERE email = $1', [
        email,
      ]);
      const sealed: Array<{ encrypted_value: string }> = await t.dataSource.query(
        'SELECT encrypted_value FROM member_secrets',
      );
      // Every log line this app wrote during the whole file: all the tests above ran against it.
      const logs = t.logs;
      expect(logs).toContain('API credentials regenerated');
      expect(logs).toContain('/account/login');
      const secrets = [
        pair.api_token,
        password,
        TEST_PASSWORD,
        'another secret password',
        'a wrong password here',
        hash,
        ...sealed.map((row) => row.encrypted_value),
        bitly,
        client.csrf!,
        ...t.sessionIds,
        ...[...t.sessionIds].map((sid) => createHash('sha256').update(sid).digest('hex')),
      ];
      for (const secret of secrets) expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/\$2[aby]\$\d\d\$/);
      expect(logs).not.toMatch(/tok_[0-9A-Za-z]{8,}/);
      expect(logs).not.toMatch(/v1:[A-Za-z0-9_-]{16}:/);
    });
  });
});
