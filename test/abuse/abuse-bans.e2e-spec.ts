import { abuseConfig, AbuseEvent, AbuseEvents, IpBan, IpBanService } from '@app/abuse';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cleanUpSharedStore,
  createTestAppOnSharedStores,
  sharedStoreEnv,
  TEST_REDIS_URL,
} from '../support/abuse-stores';
import { createTestApp, TestApp, TestMember, usingPostgres } from '../support/test-app';

/** Where failure counts and bans are shared in this run: the machine's Redis when REDIS_URL is set. */
const STORE = TEST_REDIS_URL ? 'Redis' : 'in process';

const BODY = { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' };
const WRONG_TOKEN = 'tok_' + 'W'.repeat(40);
const MINUTE = 60_000;

/** Requests as the client `ip` (the test client is the trusted proxy on loopback: TRUST_PROXY=loopback). */
function client(t: TestApp, member: TestMember, forwardedFor?: string) {
  const withIp = <T extends { set(name: string, value: string): T }>(req: T) =>
    forwardedFor === undefined ? req : req.set('X-Forwarded-For', forwardedFor);
  return {
    wrong: () =>
      t.send(
        withIp(t.http.post('/api/convert')).set('X-API-Key', member.apiKey).set('X-API-Token', WRONG_TOKEN).send(BODY),
      ),
    right: () =>
      t.send(
        withIp(t.http.post('/api/convert'))
          .set('X-API-Key', member.apiKey)
          .set('X-API-Token', member.apiToken)
          .send(BODY),
      ),
  };
}

async function failTimes(t: TestApp, member: TestMember, ip: string | undefined, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await client(t, member, ip).wrong()).status).toBe(401);
}

async function events(t: TestApp): Promise<AbuseEvent[]> {
  await t.app.get(AbuseEvents).flush();
  return t.dataSource.getRepository(AbuseEvent).find({ order: { id: 'ASC' } });
}

describe(`failed-auth IP bans, counted ${STORE}`, () => {
  let t: TestApp;
  let alice: TestMember;

  beforeAll(async () => {
    t = await createTestAppOnSharedStores({
      TRUST_PROXY: 'loopback',
      IP_BAN_ALLOWLIST: '192.0.2.0/24, 2001:db8:ffff::/48',
    });
    alice = await t.createMember();
  });
  afterAll(async () => {
    await t.dataSource.query('TRUNCATE ip_bans');
    await t.close();
  });

  it('bans an IP after 10 wrong tokens: the 11th request, with the right token, gets 403 until the ban ends', async () => {
    const ip = '203.0.113.10';
    await failTimes(t, alice, ip, 10);
    const refused = await client(t, alice, ip).right();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ip_blocked');
    expect(refused.headers['retry-after']).toBe('900');
    // Before any credential check: even without credentials the answer is 403, not 401.
    const anonymous = await t.send(t.http.post('/api/convert').set('X-Forwarded-For', ip).send(BODY));
    expect(anonymous.status).toBe(403);
    // Other clients are not affected.
    expect((await client(t, alice, '203.0.113.11').right()).status).toBe(200);

    t.clock.advance(15 * MINUTE - 1000);
    expect((await client(t, alice, ip).right()).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await client(t, alice, ip).right()).status).toBe(200);
  });

  it('doubles the ban on repeat: 15 minutes, 30, 60', async () => {
    const ip = '203.0.113.20';
    for (const seconds of ['900', '1800', '3600']) {
      await failTimes(t, alice, ip, 10);
      const refused = await client(t, alice, ip).right();
      expect(refused.status).toBe(403);
      expect(refused.headers['retry-after']).toBe(seconds);
      t.clock.advance(Number(seconds) * 1000);
      expect((await client(t, alice, ip).right()).status).toBe(200);
    }
    const bans = await t.dataSource.getRepository(IpBan).find({ where: { ip }, order: { id: 'ASC' } });
    expect(bans.map((ban) => [ban.level, ban.durationSeconds, ban.failures])).toEqual([
      [0, 900, 10],
      [1, 1800, 10],
      [2, 3600, 10],
    ]);
  });

  it('forgets bans older than IP_BAN_REPEAT_LOOKBACK_HOURS: the next ban is a first one again', async () => {
    const ip = '203.0.113.25';
    await failTimes(t, alice, ip, 10);
    expect((await client(t, alice, ip).right()).headers['retry-after']).toBe('900');
    // Just past the look-back from the first ban (its 15 minutes are long over).
    t.clock.advance(t.config.get(abuseConfig).IP_BAN_REPEAT_LOOKBACK_HOURS * 3_600_000 + 1000);
    expect((await client(t, alice, ip).right()).status).toBe(200);
    await failTimes(t, alice, ip, 10);
    const refused = await client(t, alice, ip).right();
    expect(refused.status).toBe(403);
    expect(refused.headers['retry-after']).toBe('900');
    const bans = await t.dataSource.getRepository(IpBan).find({ where: { ip }, order: { id: 'ASC' } });
    expect(bans.map((ban) => [ban.level, ban.durationSeconds])).toEqual([
      [0, 900],
      [0, 900],
    ]);
  });

  it('lets an admin lift a ban at once; a lifted ban does not make the next one longer', async () => {
    const ip = '203.0.113.40';
    await failTimes(t, alice, ip, 10);
    expect((await client(t, alice, ip).right()).status).toBe(403);
    const admin = await t.createMember({ role: 'admin' });
    const { lifted } = await t.app.get(IpBanService).lift(ip, admin.member.id);
    expect(lifted).toHaveLength(1);
    expect((await client(t, alice, ip).right()).status).toBe(200);
    await failTimes(t, alice, ip, 10);
    expect((await client(t, alice, ip).right()).headers['retry-after']).toBe('900');
    const rows = await t.dataSource.getRepository(IpBan).find({ where: { ip }, order: { id: 'ASC' } });
    expect(rows[0]).toMatchObject({ liftedBy: admin.member.id, level: 0 });
    expect(rows[1]).toMatchObject({ liftedAt: null, level: 0 });
  });

  it('groups IPv6 clients by /64', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await client(t, alice, `2001:db8:1:2::${i.toString(16)}`).wrong()).status).toBe(401);
    expect((await client(t, alice, '2001:db8:1:2:ffff:ffff:ffff:ffff').right()).status).toBe(403);
    expect((await client(t, alice, '2001:db8:1:3::1').right()).status).toBe(200);
    expect(await t.dataSource.getRepository(IpBan).countBy({ ip: '2001:db8:1:2::/64' })).toBe(1);
  });

  it('treats ::ffff:a.b.c.d as the IPv4 address a.b.c.d', async () => {
    await failTimes(t, alice, '::ffff:198.51.100.7', 10);
    expect((await client(t, alice, '198.51.100.7').right()).status).toBe(403);
  });

  it('never bans an allow-listed IP or range', async () => {
    await failTimes(t, alice, '192.0.2.55', 25);
    expect((await client(t, alice, '192.0.2.55').right()).status).toBe(200);
    await failTimes(t, alice, '2001:db8:ffff:1::9', 25);
    expect((await client(t, alice, '2001:db8:ffff:1::9').right()).status).toBe(200);
    expect(await t.dataSource.getRepository(IpBan).countBy({ ip: '192.0.2.55' })).toBe(0);
    const logged = (await events(t)).filter((event) => event.ip === '192.0.2.55');
    expect(logged).toHaveLength(25);
    expect(logged[0].detail).toMatchObject({ allow_listed: true, failures: null });
  });

  it('counts wrong body credentials too', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 10; i++) {
      const res = await t.send(
        t.http
          .post('/api/convert')
          .set('X-Forwarded-For', ip)
          .send({ ...BODY, api_key: alice.apiKey, api_token: WRONG_TOKEN }),
      );
      expect(res.status).toBe(401);
    }
    expect((await client(t, alice, ip).right()).status).toBe(403);
  });

  it('logs failed authentications and bans with a key preview, never a full key or token', async () => {
    const ip = '203.0.113.60';
    await failTimes(t, alice, ip, 9);
    const malformed = await t.send(
      t.http
        .post('/api/convert')
        .set('X-Forwarded-For', ip)
        .set('X-API-Key', `${alice.apiKey}-not-a-key`)
        .set('X-API-Token', alice.apiToken)
        .set('User-Agent', 'curl/8.5 <b>')
        .send(BODY),
    );
    expect(malformed.status).toBe(401);
    const logged = (await events(t)).filter((event) => event.ip === ip);
    expect(logged.map((event) => event.type)).toEqual([...Array(10).fill('auth_failed'), 'ip_banned']);
    expect(logged[0]).toMatchObject({
      keyPreview: `${alice.apiKey.slice(0, 7)}…${alice.apiKey.slice(-4)}`,
      detail: { path: '/api/convert', failures: 1 },
    });
    expect(logged[9]).toMatchObject({ keyPreview: null, detail: { failures: 10, user_agent: 'curl/8.5 <b>' } });
    expect(logged[10].detail).toMatchObject({ level: 0, duration_seconds: 900, failures: 10 });

    const everything = JSON.stringify(await events(t));
    expect(everything).not.toContain(alice.apiKey);
    expect(everything).not.toContain(alice.apiToken);
    expect(everything).not.toContain(WRONG_TOKEN);
    expect(everything).not.toMatch(/tok_[0-9A-Za-z]{8,}/);
  });

  it('keeps the abuse log append-only', async () => {
    await expect(t.dataSource.query('DELETE FROM abuse_events')).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query(`UPDATE abuse_events SET type = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('TRUNCATE abuse_events')).rejects.toThrow(/append-only/);
  });
});

/**
 * The failure window moved by the app's clock: the counts are kept in process here on purpose (no REDIS_URL
 * whatever the run has), so this runs in every run, CI included. The same window in Redis, where it ends in
 * Redis time, is tested in abuse-redis.e2e-spec.
 */
describe('failed-auth IP bans, the failure window counted in process', () => {
  let t: TestApp;
  let alice: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    alice = await t.createMember();
  });
  afterAll(async () => {
    await t.dataSource.query('TRUNCATE ip_bans');
    await t.close();
  });

  it('counts failures within the window only', async () => {
    const ip = '203.0.113.30';
    await failTimes(t, alice, ip, 9);
    t.clock.advance(10 * MINUTE);
    await failTimes(t, alice, ip, 9);
    expect((await client(t, alice, ip).right()).status).toBe(200);
    await failTimes(t, alice, ip, 1);
    expect((await client(t, alice, ip).right()).status).toBe(403);
  });
});

describe('client IP: only what TRUST_PROXY allows', () => {
  it('with no proxy trusted (the default), a forged X-Forwarded-For neither dodges a ban nor bans its address', async () => {
    const t = await createTestAppOnSharedStores();
    try {
      const member = await t.createMember();
      for (let i = 0; i < 10; i++) {
        expect((await client(t, member, `198.51.100.${i + 1}`).wrong()).status).toBe(401);
      }
      expect((await client(t, member, '198.51.100.200').right()).status).toBe(403);
      expect((await client(t, member).right()).status).toBe(403);
      const bans = await t.dataSource.getRepository(IpBan).find();
      expect(bans.map((ban) => ban.ip)).toEqual(['127.0.0.1']);
    } finally {
      await t.dataSource.query('TRUNCATE ip_bans');
      await t.close();
    }
  });

  it('behind one trusted proxy, the address the client forged is ignored: the proxy-appended one is banned', async () => {
    const t = await createTestAppOnSharedStores({ TRUST_PROXY: '1' });
    try {
      const member = await t.createMember();
      const victim = '198.51.100.23';
      const attacker = '203.0.113.66';
      // The attacker claims to be the victim; the proxy appends the address it really saw.
      await failTimes(t, member, `${victim}, ${attacker}`, 10);
      expect((await client(t, member, `${victim}, ${attacker}`).right()).status).toBe(403);
      expect((await client(t, member, `1.1.1.1, ${attacker}`).right()).status).toBe(403);
      expect((await client(t, member, victim).right()).status).toBe(200);
      const bans = await t.dataSource.getRepository(IpBan).find();
      expect(bans.map((ban) => ban.ip)).toEqual([attacker]);
    } finally {
      await t.dataSource.query('TRUNCATE ip_bans');
      await t.close();
    }
  });
});

describe('a ban survives a restart', () => {
  it('is loaded from the database by the next app', async () => {
    const env: Record<string, string> = { ...sharedStoreEnv(), TRUST_PROXY: 'loopback' };
    if (!usingPostgres) {
      env.DATABASE_URL = '';
      env.DATA_DIR = mkdtempSync(join(tmpdir(), 'linkconv-bans-'));
    }
    const first = await createTestApp(env);
    const member = await first.createMember();
    await failTimes(first, member, '203.0.113.77', 10);
    await first.close();

    const second = await createTestApp(env, { keepData: true });
    try {
      const refused = await client(second, member, '203.0.113.77').right();
      expect(refused.status).toBe(403);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await client(second, member, '203.0.113.78').right()).status).toBe(200);
      // The events buffered by the first app were written when it shut down.
      const logged = await second.dataSource.getRepository(AbuseEvent).countBy({ ip: '203.0.113.77' });
      expect(logged).toBe(11);
    } finally {
      await second.dataSource.query('TRUNCATE ip_bans');
      await second.close();
      await cleanUpSharedStore(env);
    }
    // On the embedded database both apps open a folder on disk (the first makes it: initdb and every migration).
  }, 180_000);
});
