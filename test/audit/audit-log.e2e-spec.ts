import { AuditRetention } from '@app/audit/testing';
import { AddressPolicy } from '@app/conversion';
import type { Test as SuperTest } from 'supertest';
import { AccountClient } from '../support/account-client';
import { eventually } from '../support/api-process';
import { testAppForSuite, TestMember } from '../support/test-app';

const DAY_MS = 86_400_000;

interface Entry {
  id: string;
  member_id: string;
  actor: string;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> & { fields?: string[] };
  ip: string | null;
  user_agent: string | null;
}

/**
 * The audit log (libs/audit) in the real app on a real database: each account action leaves one entry with its
 * actor, target, address and user agent; a secret saved never appears; the prune keeps AUDIT_LOG_RETENTION_DAYS;
 * the member sees only their own (page and `GET /api/audit`), admins everyone's; an endpoint turned off after
 * failing is recorded and shown on every account page.
 */
describe('audit log', () => {
  // Client addresses from X-Forwarded-For (the app trusts the loopback proxy).
  const t = testAppForSuite(
    { TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_IP: '1000', AUDIT_LOG_RETENTION_DAYS: '30' },
    { overrides: [{ provide: AddressPolicy, useValue: new AddressPolicy(['127.0.0.1']) }], timeout: 180_000 },
  );

  const withKey = (pair: { apiKey: string; apiToken: string }, req: SuperTest) =>
    t.send(req.set('X-API-Key', pair.apiKey).set('X-API-Token', pair.apiToken));
  const entriesOf = async (member: TestMember) => {
    const res = await withKey(member, t.http.get('/api/audit?limit=100'));
    expect(res.status).toBe(200);
    return res.body.entries as Entry[];
  };
  const client = (ip: string) => new AccountClient(t, { 'X-Forwarded-For': ip, 'User-Agent': UA });
  const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

  it('records each account action once, with actor, target, address and user agent, newest first', async () => {
    const alice = await t.createMember();
    const web = await client('198.51.100.7').loginOk(alice.member.email);

    const key = await web.post('/account/keys', { name: 'ERP sync', scopes: ['analytics:read'] });
    expect(key.status).toBe(201);
    expect((await web.delete(`/account/keys/${key.body.key.id}`)).status).toBe(200);
    expect((await web.regenerate('correct horse battery', 0)).status).toBe(200);
    expect((await web.patch('/account/settings', { affiliate_id: 'aff_1' })).status).toBe(200);
    const hook = await web.post('/account/keys', { name: 'hooks', scopes: ['webhooks:write', 'audit:read'] });
    const hooks = { apiKey: hook.body.api_key, apiToken: hook.body.api_token };
    const made = await withKey(
      hooks,
      t.http
        .post('/api/webhooks/endpoints')
        .send({ url: 'http://127.0.0.1:9/hook?token=abc', events: ['link.created'] }),
    );
    expect(made.status).toBe(201);
    const endpoint = made.body.endpoint.id;
    await withKey(hooks, t.http.patch(`/api/webhooks/endpoints/${endpoint}`).send({ enabled: false }));
    await withKey(hooks, t.http.delete(`/api/webhooks/endpoints/${endpoint}`));
    expect(
      (
        await web.post('/account/password', {
          current_password: 'correct horse battery',
          new_password: 'a new long password',
        })
      ).status,
    ).toBe(200);

    const entries: Entry[] = (await withKey(hooks, t.http.get('/api/audit?limit=100'))).body.entries;
    expect(entries.map((entry: Entry) => entry.action)).toEqual([
      'password.changed',
      'webhook.deleted',
      'webhook.updated',
      'webhook.created',
      'key.created',
      'settings.saved',
      'credentials.regenerated',
      'key.revoked',
      'key.created',
      'login.new_address',
      // The pair the test's member was made with, issued outside any request: by the service.
      'credentials.regenerated',
    ]);
    const keyMade = entries.find((entry: Entry) => entry.action === 'key.created' && entry.target === key.body.key.id);
    expect(keyMade).toMatchObject({
      actor: 'member',
      actor_id: alice.member.id,
      member_id: alice.member.id,
      ip: '198.51.100.7',
      user_agent: 'Firefox 133 on Linux',
      details: { name: 'ERP sync', scopes: ['analytics:read'] },
    });
    const created = entries.find((entry: Entry) => entry.action === 'webhook.created');
    // The URL without its query (it may carry a token).
    expect(created).toMatchObject({ target: endpoint, details: { url: 'http://127.0.0.1:9/hook' } });
    expect(entries.find((entry: Entry) => entry.action === 'webhook.updated')?.details.fields).toEqual(['disabled']);
  });

  it('records a login only from a network not seen within the retention (/24 for IPv4, /64 for IPv6)', async () => {
    const bob = await t.createMember();
    const count = async () => (await entriesOf(bob)).filter((entry) => entry.action === 'login.new_address').length;
    await client('203.0.113.5').loginOk(bob.member.email);
    await client('203.0.113.77').loginOk(bob.member.email);
    expect(await count()).toBe(1);
    await client('2001:db8:1:2::5').loginOk(bob.member.email);
    await client('2001:db8:1:2::99').loginOk(bob.member.email);
    expect(await count()).toBe(2);
    await client('192.0.2.1').loginOk(bob.member.email);
    expect(await count()).toBe(3);
    // Past the retention the network is new again.
    t.clock.advance(31 * DAY_MS);
    await client('203.0.113.5').loginOk(bob.member.email);
    expect(await count()).toBe(4);
  });

  it('never writes a secret saved into the log', async () => {
    const carol = await t.createMember();
    const web = await client('198.51.100.8').loginOk(carol.member.email);
    const secret = 'sEcReT-value-that-must-never-be-logged-42';
    expect(
      (await web.patch('/account/settings', { shopee_app_secret: secret, bitly_token: `${secret}-b` })).status,
    ).toBe(200);
    const entries = await entriesOf(carol);
    const saved = entries.find((entry) => entry.action === 'secrets.saved');
    expect(saved?.details.fields).toEqual(expect.arrayContaining(['secrets.shopee_app_secret', 'secrets.bitly_token']));
    const rows: Array<{ row: string }> = await t.dataSource.query(
      `SELECT row_to_json(a)::text AS row FROM audit_entries a`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain('sEcReT');
    const page = await web.get('/dashboard/security');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Service secrets saved');
    expect(page.text).not.toContain('sEcReT');
  });

  it('the prune deletes entries older than AUDIT_LOG_RETENTION_DAYS and keeps the others', async () => {
    const dave = await t.createMember();
    await client('198.51.100.9').loginOk(dave.member.email);
    t.clock.advance(20 * DAY_MS);
    await client('198.51.101.9').loginOk(dave.member.email);
    // The two logins and the pair the member was made with.
    expect(await entriesOf(dave)).toHaveLength(3);
    t.clock.advance(15 * DAY_MS);
    await t.app.get(AuditRetention)['log'].prune();
    const left = await entriesOf(dave);
    expect(left.map((entry) => entry.ip)).toEqual(['198.51.101.9']);
  });

  it('pages by cursor, newest first; refuses a cursor it did not give', async () => {
    const erin = await t.createMember();
    for (const ip of ['10.1.1.1', '10.1.2.1', '10.1.3.1']) await client(ip).loginOk(erin.member.email);
    const first = await withKey(erin, t.http.get('/api/audit?limit=2'));
    expect(first.body.entries.map((entry: Entry) => entry.ip)).toEqual(['10.1.3.1', '10.1.2.1']);
    const next = await withKey(erin, t.http.get(`/api/audit?limit=2&cursor=${first.body.next_cursor}`));
    // The oldest: the pair the member was made with (by the service, no address).
    expect(next.body.entries.map((entry: Entry) => entry.ip)).toEqual(['10.1.1.1', null]);
    expect(next.body.next_cursor).toBeNull();
    const bad = await withKey(erin, t.http.get('/api/audit?cursor=bm90LWEtY3Vyc29y'));
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_request']);
  });

  it('a member sees only their own entries; an admin sees everyone’s, filtered by member, and acts as admin', async () => {
    const frank = await t.createMember();
    const grace = await t.createMember();
    const root = await t.createMember({ role: 'admin' });
    await client('198.51.100.21').loginOk(frank.member.email);
    const graceWeb = await client('198.51.100.22').loginOk(grace.member.email);
    const admin = await client('198.51.100.23').loginOk(root.member.email);
    expect((await admin.patch(`/admin/members/${frank.member.id}`, { plan: 'pro' })).status).toBe(200);

    expect((await entriesOf(grace)).every((entry) => entry.member_id === grace.member.id)).toBe(true);
    const mine = await graceWeb.get('/dashboard/security');
    expect(mine.text).not.toContain('198.51.100.21');
    expect(mine.text).toContain('198.51.100.22');
    expect((await graceWeb.get('/console/audit')).status).not.toBe(200);

    const changed = (await entriesOf(frank)).find((entry) => entry.action === 'member.changed');
    expect(changed).toMatchObject({ actor: 'admin', actor_id: root.member.id, details: { fields: ['plan'] } });

    const all = await admin.get('/console/audit');
    expect(all.status).toBe(200);
    expect(all.text).toContain(frank.member.email);
    expect(all.text).toContain(grace.member.email);
    const onlyFrank = await admin.get(`/console/audit?member=${encodeURIComponent(frank.member.email)}`);
    expect(onlyFrank.text).toContain('198.51.100.21');
    expect(onlyFrank.text).not.toContain('198.51.100.22');
  });

  it('an endpoint turned off after failing for days is recorded (by the service) and shown on the account pages', async () => {
    const hank = await t.createMember();
    const web = await client('198.51.100.30').loginOk(hank.member.email);
    const url = 'http://127.0.0.1:9/never-answers';
    const made = await withKey(hank, t.http.post('/api/webhooks/endpoints').send({ url, events: ['report.imported'] }));
    const id = made.body.endpoint.id;
    await t.dataSource.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = $1`, [
      id,
    ]);
    await withKey(hank, t.http.post(`/api/webhooks/endpoints/${id}/test`));
    const recorded = async () =>
      (
        await t.dataSource.query(`SELECT 1 FROM audit_entries WHERE member_id = $1 AND action = 'webhook.disabled'`, [
          hank.member.id,
        ])
      ).length > 0;
    expect(await eventually(recorded, 15_000)).toBe(true);
    const disabled = (await entriesOf(hank)).filter((entry) => entry.action === 'webhook.disabled');
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({ actor: 'system', actor_id: null, target: id, ip: null });

    const page = await web.get('/dashboard/usage');
    expect(page.text).toContain('A webhook endpoint is turned off');
    expect(page.text).toContain(url);
    const on = await web.post(`/dashboard/notices/webhooks/${id}/enable`);
    expect(on.status).toBe(200);
    expect(on.text).toContain('is on again');
    expect((await web.get('/dashboard/usage')).text).not.toContain('A webhook endpoint is turned off');
  }, 30_000);
});
