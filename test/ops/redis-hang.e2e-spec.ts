import { RedisConnections } from '@app/messaging';
import { uniqueRedisPrefix } from '../support/abuse-stores';
import { eventually } from '../support/api-process';
import { createTestApp, TestApp, TestMember } from '../support/test-app';
import { describeIf } from '../support/skip';
import { hasRedisServer, ThrowawayRedis } from '../support/throwaway-servers';

const BODY = { content: 'Deal https://shopee.vn/product/1/2 now', mode: 'link_goc' };
/** This suite's settings: the bounds below derive from them. */
const COMMAND_TIMEOUT_MS = 100;
const HALF_OPEN_MS = 300;
/** How long Redis stays frozen: long enough for many calls, short enough for the suite. */
const HANG_MS = 3000;

/**
 * A hung Redis (its own throwaway redis-server, frozen with SIGSTOP: the connection stays open and nothing is
 * answered) must not slow the calls: after a few command time-outs the breaker opens and the rate limits and
 * ban checks run in process; after SIGCONT a PING closes the breaker and the counters are in Redis again. The
 * machine's Redis is never touched.
 */
describeIf(hasRedisServer, 'needs the redis-server binary to start a throwaway Redis')('a hung Redis', () => {
  let server: ThrowawayRedis;
  let t: TestApp;
  let member: TestMember;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    server = await ThrowawayRedis.create();
    t = await createTestApp({
      REDIS_URL: server.url,
      REDIS_KEY_PREFIX: prefix,
      REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      REDIS_BREAKER_HALF_OPEN_MS: String(HALF_OPEN_MS),
      RATE_LIMIT_FREE_PER_KEY: '100000',
      RATE_LIMIT_FREE_PER_MEMBER: '100000',
      // The link budgets too: a fast machine answers more than the Free plan's 2,000 links in the hang's 3 s,
      // counted in process from zero, and this suite is about latency, not limits.
      LINK_BUDGET_FREE_PER_KEY: '100000000',
      LINK_BUDGET_FREE_PER_MEMBER: '100000000',
    });
    await t.app.listen(0, '127.0.0.1');
    member = await t.createMember();
    expect(await eventually(async () => t.app.get(RedisConnections).ready, 5000, 20)).toBe(true);
  });
  afterAll(async () => {
    server?.resume();
    await t?.close();
    await server?.kill();
  });

  /** One convert call: its status and how long it took. */
  const call = async (): Promise<{ status: number; ms: number }> => {
    const started = performance.now();
    const res = await t.convert(member, BODY);
    return { status: res.status, ms: performance.now() - started };
  };
  /** Calls in a loop (4 at a time) for `ms`. */
  const load = async (ms: number) => {
    const results: Array<{ status: number; ms: number }> = [];
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) results.push(await call());
      }),
    );
    return results;
  };
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((x, y) => x - y);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };

  it('keeps convert calls fast while Redis hangs, and uses Redis again once it answers', async () => {
    const redis = t.app.get(RedisConnections);
    const before = await load(1000);
    expect(before.every((r) => r.status === 200)).toBe(true);
    const normalP90 = quantile(
      before.map((r) => r.ms),
      0.9,
    );
    const countersBefore = (await server.keys(`${prefix}*per_key*`)).length;
    expect(countersBefore).toBeGreaterThan(0);

    server.pause();
    let during: Array<{ status: number; ms: number }>;
    try {
      during = await load(HANG_MS);
      expect(redis.breakerOpen).toBe(true);
    } finally {
      server.resume();
    }
    // Every call answered, and all but the first few (sent before the breaker opened, each waiting at most one
    // command time-out) about as fast as before. Without the breaker every call waited a time-out or more.
    expect(during.every((r) => r.status === 200)).toBe(true);
    expect(during.length).toBeGreaterThan(20);
    const slow = during.filter((r) => r.ms > normalP90 + 4 * COMMAND_TIMEOUT_MS);
    expect(slow.length).toBeLessThanOrEqual(4 * 2);
    expect(
      quantile(
        during.map((r) => r.ms),
        0.5,
      ),
    ).toBeLessThan(normalP90 + COMMAND_TIMEOUT_MS);

    // Thawed: a PING closes the breaker and the counters are kept in Redis again.
    expect(await eventually(async () => redis.ready, HALF_OPEN_MS * 10 + 2000, 20)).toBe(true);
    const rows: Array<{ id: string }> = await t.dataSource.query('SELECT id FROM credentials WHERE member_id = $1', [
      member.member.id,
    ]);
    const counter = `${prefix}{per_key:${rows[0].id}:per_key}:hits`;
    const start = Number(await server.get(counter));
    expect((await call()).status).toBe(200);
    expect(Number(await server.get(counter))).toBe(start + 1);
  });
});
