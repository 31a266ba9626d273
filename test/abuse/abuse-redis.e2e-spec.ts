import { IpBan, IpBanService } from '@app/abuse';
import { RedisConnections } from '@app/messaging';
import Redis from 'ioredis';
import request from 'supertest';
import { deleteRedisKeys, uniqueRedisPrefix } from '../support/abuse-stores';
import { eventually, freePort } from '../support/api-process';
import { createTestApp, TestApp, testAppForSuite, TestMember, usingPostgres } from '../support/test-app';
import { describeIf } from '../support/skip';
import { hasRedisServer, ThrowawayRedis } from '../support/throwaway-servers';

const REDIS_URL = process.env.REDIS_URL;
const BODY = { content: 'https://shopee.vn/product/1/2', mode: 'link_goc' };
const WRONG_TOKEN = 'tok_' + 'W'.repeat(40);

async function keysOf(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, disconnectTimeout: 100 });
  await redis.connect();
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    redis.disconnect();
  }
}

function convert(t: TestApp, base: string, member: TestMember, token = member.apiToken, ip?: string) {
  let req = request(base).post('/api/convert').set('X-API-Key', member.apiKey).set('X-API-Token', token);
  if (ip) req = req.set('X-Forwarded-For', ip);
  return t.send(req.send(BODY));
}

async function credentialIdOf(t: TestApp, member: TestMember): Promise<string> {
  const rows: Array<{ id: string }> = await t.dataSource.query('SELECT id FROM credentials WHERE member_id = $1', [
    member.member.id,
  ]);
  return rows[0].id;
}

describeIf(
  Boolean(REDIS_URL && usingPostgres),
  'needs REDIS_URL and DATABASE_URL (two instances share Redis and Postgres)',
)('two instances sharing Redis and Postgres', () => {
  const prefix = uniqueRedisPrefix();
  const env = {
    REDIS_URL: REDIS_URL ?? '',
    REDIS_KEY_PREFIX: prefix,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_FREE_PER_KEY: '50',
    RATE_LIMIT_FREE_PER_MEMBER: '1000',
  };
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let member: TestMember;

  beforeAll(async () => {
    a = await createTestApp(env);
    b = await createTestApp(env);
    [urlA, urlB] = await Promise.all([a.listen(), b.listen()]);
    member = await a.createMember();
  });
  afterAll(async () => {
    await a?.dataSource.query('TRUNCATE ip_bans');
    await Promise.all([a?.close(), b?.close()]);
    await deleteRedisKeys(REDIS_URL!, prefix);
  });

  it('let through exactly the limit between them under 200 concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? convert(a, urlA, member) : convert(b, urlB, member))),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150);
    const refused = responses.find((res) => res.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['ratelimit-policy']).toBe('"per_key";q=50;w=60, "per_member";q=1000;w=60');
    expect(refused.headers['ratelimit']).toMatch(/^"per_key";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // One counter per identity, with no route in it, under this run's prefix.
    const credentialId = await credentialIdOf(a, member);
    expect(await keysOf(REDIS_URL!, prefix)).toEqual(
      expect.arrayContaining([
        `${prefix}{per_key:${credentialId}:per_key}:hits`,
        `${prefix}{per_member:${member.member.id}:per_member}:hits`,
      ]),
    );
  });

  it('share failure counts and bans: one ban holds on both at once, and a lift on one frees the other', async () => {
    const other = await a.createMember();
    const ip = '203.0.113.90';
    for (let i = 0; i < 5; i++) expect((await convert(a, urlA, other, WRONG_TOKEN, ip)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await convert(b, urlB, other, WRONG_TOKEN, ip)).status).toBe(401);
    const onA = await convert(a, urlA, other, other.apiToken, ip);
    const onB = await convert(b, urlB, other, other.apiToken, ip);
    expect([onA.status, onB.status]).toEqual([403, 403]);
    expect(await a.dataSource.getRepository(IpBan).countBy({ ip })).toBe(1);

    const admin = await a.createMember({ role: 'admin' });
    await b.app.get(IpBanService).lift(ip, admin.member.id);
    expect((await convert(b, urlB, other, other.apiToken, ip)).status).toBe(200);
    expect(
      await eventually(async () => (await convert(a, urlA, other, other.apiToken, ip)).status === 200, 3000, 25),
    ).toBe(true);
  });

  it('keep a ban after every instance restarted and Redis lost its keys', async () => {
    const other = await a.createMember();
    const ip = '203.0.113.91';
    for (let i = 0; i < 10; i++) expect((await convert(a, urlA, other, WRONG_TOKEN, ip)).status).toBe(401);
    await Promise.all([a.close(), b.close()]);
    await deleteRedisKeys(REDIS_URL!, prefix);

    a = await createTestApp(env, { keepData: true });
    b = await createTestApp(env, { keepData: true });
    [urlA, urlB] = await Promise.all([a.listen(), b.listen()]);
    expect((await convert(a, urlA, other, other.apiToken, ip)).status).toBe(403);
    expect((await convert(b, urlB, other, other.apiToken, ip)).status).toBe(403);
    expect((await convert(b, urlB, other, other.apiToken, '203.0.113.92')).status).toBe(200);
  });
});

describeIf(Boolean(REDIS_URL), 'needs REDIS_URL')('windows in Redis: rate limits and failure counts', () => {
  const prefix = uniqueRedisPrefix();
  /** This suite's settings: every wait and bound below is derived from them, none from the machine's speed. */
  const WINDOW_SECONDS = 2;
  const FAILURE_WINDOW_MINUTES = 7;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: REDIS_URL ?? '',
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      RATE_LIMIT_FREE_PER_KEY: '2',
      IP_BAN_FAILURE_WINDOW_MINUTES: String(FAILURE_WINDOW_MINUTES),
    });
  });
  afterAll(async () => {
    await t?.close();
    await deleteRedisKeys(REDIS_URL!, prefix);
  });

  /** The Redis keys of this suite that name `part` (a credential id, an address). */
  const keysNaming = async (part: string) => (await keysOf(REDIS_URL!, prefix)).filter((key) => key.includes(part));

  it('refuses until the window ends (Redis time), then starts a fresh budget', async () => {
    const member = await t.createMember();
    const credentialId = await credentialIdOf(t, member);
    const send = () => t.convert(member, BODY);
    // Sent together, so the three land in the window the first one opens however slow the machine is.
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);
    // The window ends when Redis expires its counters (per key and per member).
    const counters = async () => [...(await keysNaming(credentialId)), ...(await keysNaming(member.member.id))];
    expect(await eventually(async () => (await counters()).length === 0, WINDOW_SECONDS * 1000 + 5000, 25)).toBe(true);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers['ratelimit']).toMatch(
      new RegExp(
        `^"per_key";r=1;t=${WINDOW_SECONDS}, "per_member";r=\\d+;t=${WINDOW_SECONDS}, ` +
          `"links_per_key";r=1999;t=${WINDOW_SECONDS}, "links_per_member";r=\\d+;t=${WINDOW_SECONDS}$`,
      ),
    );
  });

  it('gives the failure count a window of IP_BAN_FAILURE_WINDOW_MINUTES that starts with the first failure', async () => {
    const member = await t.createMember();
    const ip = '203.0.113.150';
    const fail = async () => {
      const res = await t.send(
        t.http
          .post('/api/convert')
          .set('X-Forwarded-For', ip)
          .set('X-API-Key', member.apiKey)
          .set('X-API-Token', WRONG_TOKEN)
          .send(BODY),
      );
      expect(res.status).toBe(401);
    };
    const redis = new Redis(REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1, disconnectTimeout: 100 });
    await redis.connect();
    try {
      await fail();
      const [counter] = await keysNaming(ip);
      expect(counter).toBeDefined();
      expect(await redis.get(counter)).toBe('1');
      // The counter expires (PEXPIRE): without it, failures would add up for ever and ban a client for
      // mistakes days apart.
      const windowMs = FAILURE_WINDOW_MINUTES * 60_000;
      const first = await redis.pttl(counter);
      expect(first).toBeGreaterThan(windowMs - 60_000);
      expect(first).toBeLessThanOrEqual(windowMs);
      // A fixed window: the next failure counts in it without pushing its end back.
      await fail();
      expect(await redis.get(counter)).toBe('2');
      const second = await redis.pttl(counter);
      expect(second).toBeGreaterThan(0);
      expect(second).toBeLessThanOrEqual(first);
    } finally {
      redis.disconnect();
    }
  });
});

describeIf(hasRedisServer, 'needs the redis-server binary to start a throwaway Redis')(
  'when Redis goes down (fail-open)',
  () => {
    const server = ThrowawayRedis.forSuite();
    const t = testAppForSuite(() => ({
      REDIS_URL: server.url,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_FREE_PER_KEY: '5',
    }));
    t.beforeClose(() => t.dataSource.query('TRUNCATE ip_bans').catch(() => undefined));
    t.afterClose(() => server.kill());

    const send = (member: TestMember, token = member.apiToken, ip = '198.51.100.50') =>
      t.send(
        t.http
          .post('/api/convert')
          .set('X-Forwarded-For', ip)
          .set('X-API-Key', member.apiKey)
          .set('X-API-Token', token)
          .send(BODY),
      );

    it('keeps serving with per-instance limits and bans, never a 500 nor a hang, and shares again once Redis is back', async () => {
      const member = await t.createMember();
      expect((await send(member)).status).toBe(200);
      expect(await keysOf(server.url, '')).toContainEqual(expect.stringContaining(await credentialIdOf(t, member)));

      await server.kill();
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await send(member)).status);
      expect(Date.now() - started).toBeLessThan(5000);
      // The in-process counters take over from zero: the partner keeps the configured limit, then 429.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

      // Bans keep working from the in-process counter, the in-process cache and Postgres.
      const intruder = '198.51.100.66';
      for (let i = 0; i < 10; i++) expect((await send(member, WRONG_TOKEN, intruder)).status).toBe(401);
      expect((await send(member, member.apiToken, intruder)).status).toBe(403);

      await server.start();
      expect(await eventually(async () => t.app.get(RedisConnections).ready, 10_000)).toBe(true);
      const other = await t.createMember();
      expect((await send(other)).status).toBe(200);
      expect(await keysOf(server.url, '')).toContainEqual(expect.stringContaining(await credentialIdOf(t, other)));
    });

    it('starts and serves when Redis cannot be reached at all', async () => {
      const nowhere = await freePort();
      const started = Date.now();
      const lonely = await createTestApp({
        REDIS_URL: `redis://127.0.0.1:${nowhere}`,
        REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      });
      try {
        expect(Date.now() - started).toBeLessThan(15_000);
        const member = await lonely.createMember();
        const res = await lonely.convert(member, BODY);
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit']).toBe(
          '"per_key";r=59;t=60, "per_member";r=119;t=60, "links_per_key";r=1999;t=60, "links_per_member";r=3999;t=60',
        );
      } finally {
        await lonely.close();
      }
    });
  },
);
