import type { Response } from 'supertest';
import { AccountClient } from '../support/account-client';
import { createTestAppOnSharedStores } from '../support/abuse-stores';
import { TEST_PASSWORD, TestApp, TestMember } from '../support/test-app';

const BODY = { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' };
const WRONG_TOKEN = 'tok_' + 'W'.repeat(40);
const XSS = '<script>alert("pwned")</script>';

describe('admin: abuse log and bans', () => {
  let t: TestApp;
  let admin: TestMember;
  let adminClient: AccountClient;
  let member: TestMember;
  let memberClient: AccountClient;

  /** A wrong API call from `ip` (the test client is the trusted proxy: TRUST_PROXY=loopback). */
  const wrongCall = (ip: string, userAgent = 'partner-bot/1.0') =>
    t.send(
      t.http
        .post('/api/convert')
        .set('X-Forwarded-For', ip)
        .set('User-Agent', userAgent)
        .set('X-API-Key', member.apiKey)
        .set('X-API-Token', WRONG_TOKEN)
        .send(BODY),
    );
  const rightCall = (ip: string) =>
    t.send(
      t.http
        .post('/api/convert')
        .set('X-Forwarded-For', ip)
        .set('X-API-Key', member.apiKey)
        .set('X-API-Token', member.apiToken)
        .send(BODY),
    );
  const ban = async (ip: string) => {
    for (let i = 0; i < 10; i++) expect((await wrongCall(ip)).status).toBe(401);
  };
  const remove = (client: AccountClient, path: string, withCsrf = true): Promise<Response> => {
    const pending = client.agent.delete(path).set('Accept', 'application/json');
    if (withCsrf && client.csrf) pending.set('X-CSRF-Token', client.csrf);
    return t.send(pending);
  };

  beforeAll(async () => {
    t = await createTestAppOnSharedStores({ TRUST_PROXY: 'loopback' });
    admin = await t.createMember({ role: 'admin' });
    member = await t.createMember();
    adminClient = await new AccountClient(t).loginOk(admin.member.email);
    memberClient = await new AccountClient(t).loginOk(member.member.email);
  });
  afterAll(async () => {
    await t.dataSource.query('TRUNCATE ip_bans');
    await t.close();
  });

  it('refuses anonymous visitors (401) and members who are not admins (403) on every admin abuse route', async () => {
    const anonymous = new AccountClient(t);
    for (const path of ['/admin/abuse/events', '/admin/abuse/bans']) {
      expect((await anonymous.get(path)).status).toBe(401);
      const forbidden = await memberClient.get(path);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('forbidden');
    }
    // The abuse log page: a logged-out visitor is sent to log in, a member is told it is for admins.
    const page = await anonymous.get('/console/abuse');
    expect([page.status, page.headers.location]).toEqual([303, '/login']);
    const notAdmin = await memberClient.get('/console/abuse');
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.type).toBe('text/html');
    expect(notAdmin.text).toContain('This needs an admin account');
    expect((await remove(anonymous, '/admin/abuse/bans/203.0.113.1')).status).toBe(401);
    expect((await remove(memberClient, '/admin/abuse/bans/203.0.113.1')).status).toBe(403);
  });

  it('lists and lifts bans; the lift is logged with the admin id and needs the CSRF token', async () => {
    await ban('203.0.113.5');
    const bans = await adminClient.get('/admin/abuse/bans');
    expect(bans.status).toBe(200);
    expect(bans.body.bans).toEqual([
      expect.objectContaining({ ip: '203.0.113.5', level: 0, duration_seconds: 900, failures: 10, active: true }),
    ]);
    expect(bans.body.next_cursor).toBeNull();

    const noCsrf = await remove(adminClient, '/admin/abuse/bans/203.0.113.5', false);
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('csrf_failed');
    expect((await rightCall('203.0.113.5')).status).toBe(403);

    const lifted = await remove(adminClient, '/admin/abuse/bans/203.0.113.5');
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({
      ok: true,
      ip: '203.0.113.5',
      lifted: [{ active: false, lifted_by: admin.member.id }],
    });
    expect((await rightCall('203.0.113.5')).status).toBe(200);

    expect((await remove(adminClient, '/admin/abuse/bans/203.0.113.5')).status).toBe(404);
    const bad = await remove(adminClient, '/admin/abuse/bans/not-an-ip');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('ip');

    expect((await adminClient.get('/admin/abuse/bans')).body.bans).toEqual([]);
    const all = await adminClient.get('/admin/abuse/bans?status=all&ip=203.0.113.5');
    expect(all.body.bans).toHaveLength(1);

    const unbanned = await adminClient.get('/admin/abuse/events?type=ip_unbanned');
    expect(unbanned.body.events).toEqual([
      expect.objectContaining({
        type: 'ip_unbanned',
        ip: '203.0.113.5',
        member_id: admin.member.id,
        detail: expect.objectContaining({ admin_id: admin.member.id }),
      }),
    ]);
  });

  it('lifts an IPv6 /64 ban by any address in it or by the /64 itself', async () => {
    await ban('2001:db8:7:7::1');
    expect((await rightCall('2001:db8:7:7::abcd')).status).toBe(403);
    const lifted = await remove(adminClient, `/admin/abuse/bans/${encodeURIComponent('2001:db8:7:7::/64')}`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.ip).toBe('2001:db8:7:7::/64');
    expect((await rightCall('2001:db8:7:7::abcd')).status).toBe(200);
  });

  it('filters events by ip, member, type and time, and pages them with a cursor', async () => {
    for (let i = 0; i < 7; i++) await wrongCall('198.51.100.77');
    const byIp = await adminClient.get('/admin/abuse/events?ip=198.51.100.77&limit=3');
    expect(byIp.status).toBe(200);
    expect(byIp.body.events).toHaveLength(3);
    const seen = [...byIp.body.events];
    let cursor = byIp.body.next_cursor;
    while (cursor) {
      const page = await adminClient.get(`/admin/abuse/events?ip=198.51.100.77&limit=3&cursor=${cursor}`);
      seen.push(...page.body.events);
      cursor = page.body.next_cursor;
    }
    expect(seen).toHaveLength(7);
    const ids = seen.map((event: { id: string }) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(7);
    expect(
      seen.every((event: { type: string; ip: string }) => event.type === 'auth_failed' && event.ip === '198.51.100.77'),
    ).toBe(true);

    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await adminClient.get(`/admin/abuse/events?ip=198.51.100.77&from=${future}`)).body.events).toEqual([]);
    expect((await adminClient.get(`/admin/abuse/events?ip=198.51.100.77&to=${future}`)).body.events).toHaveLength(7);

    // A member's own events: the rate-limit and login ones carry the member id.
    const wrongLogin = await new AccountClient(t).login(member.member.email, 'not the password');
    expect(wrongLogin.status).toBe(401);
    const byMember = await adminClient.get(`/admin/abuse/events?member_id=${member.member.id}&type=login_failed`);
    expect(byMember.body.events).toEqual([
      expect.objectContaining({ type: 'login_failed', member_id: member.member.id, detail: { context: 'login' } }),
    ]);

    for (const bad of ['type=nope', 'member_id=42', 'from=yesterday', 'cursor=abc', 'limit=1000', 'ip=nope', 'x=1']) {
      const res = await adminClient.get(`/admin/abuse/events?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('logs credential regeneration with a key preview, never the new key or token', async () => {
    const res = await memberClient.regenerate(TEST_PASSWORD, 0);
    expect(res.status).toBe(200);
    const events = await adminClient.get(
      `/admin/abuse/events?member_id=${member.member.id}&type=credential_regenerated`,
    );
    expect(events.body.events).toEqual([
      expect.objectContaining({ key_preview: res.body.key_preview, detail: { grace_seconds: 0 } }),
    ]);
    expect(JSON.stringify(events.body)).not.toContain(res.body.api_key);
    member = { ...member, apiKey: res.body.api_key, apiToken: res.body.api_token };
  });

  it('renders the abuse log page with every value escaped and no inline script', async () => {
    await wrongCall('203.0.113.99', XSS);
    const res = await adminClient.get(`/console/abuse?ip=203.0.113.99`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    expect(res.text).not.toContain(XSS);
    expect(res.text).toContain('203.0.113.99');
    const reflected = await adminClient.get(
      `/console/abuse?member_id=&type=&from=&ip=${encodeURIComponent('203.0.113.99')}`,
    );
    expect(reflected.status).toBe(200);
    const bad = await adminClient.get(`/console/abuse?ip=${encodeURIComponent(XSS)}`);
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain(XSS);
  });

  it('records every kind of event without a full key or token in any of them', async () => {
    const all = await adminClient.get('/admin/abuse/events?limit=200');
    const types = new Set(all.body.events.map((event: { type: string }) => event.type));
    expect([...types].sort()).toEqual([
      'auth_failed',
      'credential_regenerated',
      'ip_banned',
      'ip_unbanned',
      'login_failed',
    ]);
    const text = JSON.stringify(all.body);
    expect(text).not.toContain(member.apiKey);
    expect(text).not.toMatch(/sk_[0-9A-Za-z]{32}/);
    expect(text).not.toMatch(/tok_[0-9A-Za-z]{8,}/);
  });

  it('documents the admin abuse routes in the OpenAPI document', async () => {
    const res = await t.send(t.http.get('/docs/openapi.json'));
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/admin/abuse/events', '/admin/abuse/bans', '/admin/abuse/bans/{ip}']),
    );
  });
});
