import { MIGRATIONS } from '../../apps/api/src/migrations';
import request from 'supertest';
import { Agent, fetch as undiciFetch } from 'undici';
import { uniqueRedisPrefix } from '../support/abuse-stores';
import { ApiProcess, eventually } from '../support/api-process';
import { assertSafeResponse, safeText, STACK_FRAME } from '../support/test-app';
import { SeededMember, Seeder } from '../support/seed';
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  hasRedisServer,
  postgresBinDir,
  ThrowawayPostgres,
  ThrowawayRedis,
} from '../support/throwaway-servers';
import { describeIf } from '../support/skip';
import { loggedInAgent } from '../support/account-client';

/**
 * Faults: the test starts its own PostgreSQL (initdb in a temporary folder, free port) and its own
 * redis-server, runs the api as separate processes against them, and stops each server in the middle of a
 * load run. The machine's servers (5432, 6379) are never touched.
 */
const PG_BIN = postgresBinDir();
const canRun = Boolean(PG_BIN) && hasRedisServer;
const reason = !PG_BIN
  ? 'needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin) to start a throwaway server'
  : 'needs the redis-server binary to start a throwaway Redis';

/**
 * Longest any answer may take while a server is down: the longest the app waits on a server that does not
 * answer (the pool's connect time-out; Redis gives up sooner), on top of what an answer of the same load cost
 * while every server was up (at least 2 s; more on a busy machine: twice the slowest answer seen before the
 * fault), so the bound follows the settings and this machine, not a guess.
 */
function maxAnswerMs(before: Outcome[]): number {
  expect(before.length).toBeGreaterThan(0);
  return DATABASE_CONNECT_TIMEOUT_MS + Math.max(2000, 2 * Math.max(...before.map((o) => o.ms)));
}
const TEXT = 'Deal 🔥 https://shopee.vn/Ao-Thun-i.123456.7891011?sp_atk=abc giảm 50%!';

interface Outcome {
  phase: string;
  what: string;
  status: number;
  ms: number;
  endedAt: number;
  code?: string;
  retryAfter?: string;
  error?: string;
}

interface Call {
  what: string;
  send: () => Promise<Response>;
}

/** Bounded closed-loop load: `concurrency` loops, each sending the next call of the mix when the last answered. */
class Load {
  /** Loads started and not stopped yet (stopped after each test, also one that failed half-way). */
  static readonly started = new Set<Load>();
  readonly outcomes: Outcome[] = [];
  phase = 'before';
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly calls: Call[]) {}

  start(concurrency: number): void {
    this.running = true;
    Load.started.add(this);
    this.loops = Array.from({ length: concurrency }, (_, i) => this.loop(i));
  }

  async stop(): Promise<void> {
    Load.started.delete(this);
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(offset: number): Promise<void> {
    for (let i = offset; this.running; i++) {
      const call = this.calls[i % this.calls.length];
      const phase = this.phase;
      const started = Date.now();
      try {
        const res = await call.send();
        // A leak or a body out of the envelope throws: recorded below as this call's error.
        const text = await safeText(res);
        const outcome: Outcome = {
          phase,
          what: call.what,
          status: res.status,
          ms: Date.now() - started,
          endedAt: Date.now(),
        };
        if (res.status >= 400) {
          const body = JSON.parse(text) as { error?: { code?: string } };
          outcome.code = body.error?.code;
          outcome.retryAfter = res.headers.get('retry-after') ?? undefined;
        }
        this.outcomes.push(outcome);
      } catch (error) {
        this.outcomes.push({
          phase,
          what: call.what,
          status: 0,
          ms: Date.now() - started,
          endedAt: Date.now(),
          error: String(error),
        });
      }
    }
  }

  of(phase: string): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.phase === phase);
  }
}

function convertCall(base: string, member: SeededMember, what: string, body: object = {}): Call {
  return {
    what,
    send: () =>
      fetch(`${base}/api/convert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': member.apiKey, 'x-api-token': member.apiToken },
        body: JSON.stringify({ mode: 'affiliate', affiliate_id: '17345510000', content: TEXT, ...body }),
        signal: AbortSignal.timeout(15_000),
      }),
  };
}

async function convertOnce(base: string, member: SeededMember, body: object = {}) {
  const res = await request(base)
    .post('/api/convert')
    .set('X-API-Key', member.apiKey)
    .set('X-API-Token', member.apiToken)
    .send({ mode: 'affiliate', content: TEXT, ...body });
  assertSafeResponse(res);
  return res;
}

async function usageOf(seeder: Seeder, memberId: string): Promise<number> {
  const rows = await seeder.query<{ calls: string | null }>(
    'SELECT sum(calls) AS calls FROM member_usage WHERE member_id = $1',
    [memberId],
  );
  return Number(rows[0].calls ?? 0);
}

describeIf(canRun, reason)('faults: PostgreSQL and Redis stopped during a load run, graceful shutdown', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let seeder: Seeder;
  let api: ApiProcess;
  let second: ApiProcess;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    [pg, redis] = await Promise.all([ThrowawayPostgres.create(), ThrowawayRedis.create()]);
    seeder = new Seeder(pg.url);
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      // Limits are not what is tested here.
      RATE_LIMIT_FREE_PER_KEY: '1000000',
      RATE_LIMIT_FREE_PER_MEMBER: '1000000',
      LINK_BUDGET_FREE_PER_KEY: '100000000',
      LINK_BUDGET_FREE_PER_MEMBER: '100000000',
    };
    // Two instances starting at the same time on an empty database: the migrations must run exactly once.
    [api, second] = await Promise.all([
      ApiProcess.start({ env: { ...env, USAGE_FLUSH_INTERVAL_MS: '200' } }),
      ApiProcess.start({ env: { ...env, USAGE_FLUSH_INTERVAL_MS: '300000' } }),
    ]);
  }, 180_000);

  afterEach(() => Promise.all([...Load.started].map((load) => load.stop())));

  afterAll(async () => {
    await Promise.all([api?.dispose(), second?.dispose()]);
    await Promise.all([redis?.dispose(), pg?.dispose()]);
  });

  it('ran each migration exactly once when two instances started together', async () => {
    const rows = await seeder.query<{ name: string; n: string }>(
      'SELECT name, count(*) AS n FROM migrations GROUP BY name',
    );
    expect(rows).toHaveLength(MIGRATIONS.length);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
  });

  it('PostgreSQL down: 503 unavailable with Retry-After, no hang, no stack trace; nothing acknowledged is lost; recovers without a restart', async () => {
    const cached = await seeder.member();
    const fresh = await seeder.member();
    // An acknowledged write before the fault: a saved default affiliate id (session + CSRF, as a browser does it).
    const { agent: browser, csrf } = await loggedInAgent(api.url, cached.email, cached.password);
    const saved = await browser.patch('/account/settings').set('X-CSRF-Token', csrf).send({ affiliate_id: '99887766' });
    expect(saved.status).toBe(200);

    // Load through the whole run: a member whose pair is cached, and the health check (needs the database).
    const load = new Load([
      convertCall(api.url, cached, 'convert (pair cached)'),
      { what: 'health', send: () => fetch(`${api.url}/health`, { signal: AbortSignal.timeout(15_000) }) },
    ]);
    load.start(4);
    // Answers with every server up (they also set the bound on answers while one is down).
    expect(await eventually(() => load.outcomes.length >= 12, 30_000, 50)).toBe(true);
    const crashedAt = Date.now();
    const logBeforeCrash = api.logs().length;
    await pg.crash();
    load.phase = 'down';
    // A member whose pair this instance has never verified: it needs the database.
    const uncached = new Load([convertCall(api.url, fresh, 'convert (pair not cached)')]);
    uncached.phase = 'down';
    uncached.start(2);
    // Down until a usage flush has failed (logged) and each kind of call has been answered while it was down,
    // however slow the machine.
    const seenDown = () => {
      const down = [...load.of('down'), ...uncached.of('down')];
      return (
        api.logs().slice(logBeforeCrash).includes('Could not write usage counters, will retry') &&
        down.some((o) => o.what === 'convert (pair not cached)' && o.status === 503) &&
        down.some((o) => o.what === 'health' && o.status === 503) &&
        down.some((o) => o.what === 'convert (pair cached)' && o.status === 200)
      );
    };
    expect(await eventually(seenDown, 30_000, 50)).toBe(true);
    await pg.start();
    load.phase = uncached.phase = 'recovering';
    const probe = async () => (await convertOnce(api.url, fresh, { affiliate_id: '17345510000' })).status === 200;
    const recovered = await eventually(probe, 30_000, 200);
    expect(recovered).toBe(true);
    load.phase = uncached.phase = 'after';
    await eventually(() => load.of('after').length + uncached.of('after').length >= 12, 30_000, 50);
    await Promise.all([load.stop(), uncached.stop()]);
    expect(load.outcomes.filter((o) => o.endedAt < crashedAt).every((o) => o.status === 200)).toBe(true);

    const all = [...load.outcomes, ...uncached.outcomes];
    // Never a hang, never a stack trace, never anything but a success or a clean 503.
    expect(all.filter((o) => o.error)).toEqual([]);
    expect(Math.max(...all.map((o) => o.ms))).toBeLessThan(maxAnswerMs(load.of('before')));
    for (const o of all.filter((outcome) => outcome.status !== 200)) {
      expect(o).toMatchObject({ status: 503, code: 'unavailable' });
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    // While the database was down, calls that needed it got 503; the cached pair kept converting (Redis up).
    const down = [...load.of('down'), ...uncached.of('down')];
    expect(down.some((o) => o.what === 'convert (pair not cached)' && o.status === 503)).toBe(true);
    expect(down.some((o) => o.what === 'health' && o.status === 503)).toBe(true);
    expect(down.some((o) => o.what === 'convert (pair cached)' && o.status === 200)).toBe(true);
    // Recovered: every call succeeds again, same process.
    const after = [...load.of('after'), ...uncached.of('after')];
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200)).toBe(true);
    expect(api.running).toBe(true);

    // The log: one line per failed request (its access line: `Request failed: unavailable`, with the class, code
    // and message of what failed), no second line for it, and no stack trace anywhere for the outage.
    const lines = api.logs().split('\n');
    const failed = lines
      .filter((line) => line.includes('"Request failed: unavailable"'))
      .map((line) => JSON.parse(line) as { req: { id: string }; err: { type: string; message: string } });
    const answered503 = all.filter((o) => o.status === 503).length;
    expect(failed.length).toBeGreaterThanOrEqual(answered503);
    expect(new Set(failed.map((line) => line.req.id)).size).toBe(failed.length);
    for (const line of failed)
      expect(line.err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
    expect(lines.filter((line) => STACK_FRAME.test(line))).toEqual([]);

    // Acknowledged before the fault, still there: the saved default applies to a call without affiliate_id.
    const withDefault = await convertOnce(api.url, cached);
    expect(withDefault.status).toBe(200);
    expect(withDefault.body.output).toContain('affiliate_id=99887766');
    // Every acknowledged convert is counted once its counters could be written (flush retried after the outage).
    const acknowledged = (member: SeededMember) =>
      all.filter((o) => o.status === 200 && o.what === `convert (pair ${member === cached ? '' : 'not '}cached)`)
        .length;
    const expectedCached = acknowledged(cached) + 1;
    const expectedFresh = acknowledged(fresh) + 1;
    expect(await eventually(async () => (await usageOf(seeder, cached.memberId)) === expectedCached, 10_000, 200)).toBe(
      true,
    );
    expect(await eventually(async () => (await usageOf(seeder, fresh.memberId)) === expectedFresh, 10_000, 200)).toBe(
      true,
    );
  }, 120_000);

  it('Redis down: fail-open (limits per instance, every call verified against Postgres), then shared again', async () => {
    const member = await seeder.member();
    const load = new Load([convertCall(api.url, member, 'convert')]);
    load.start(4);
    expect(await eventually(() => load.outcomes.length >= 12, 30_000, 50)).toBe(true);
    load.phase = 'down';
    await redis.kill();
    // Down until the instance sees it (its readiness check answers 503: Redis is the one server down here), and
    // for a number of answers, however slow the machine.
    expect(await eventually(async () => (await api.healthStatus()) === 503, 30_000, 100)).toBe(true);
    await eventually(() => load.of('down').length >= 12, 30_000, 50);
    await redis.start();
    load.phase = 'after';
    // Counting returns to Redis once it reconnects: the member's counter key shows up there again.
    const shared = await eventually(async () => (await redis.keys(`${prefix}*`)).length > 0, 15_000, 200);
    await load.stop();
    expect(shared).toBe(true);
    expect(load.outcomes.filter((o) => o.error)).toEqual([]);
    expect(Math.max(...load.outcomes.map((o) => o.ms))).toBeLessThan(maxAnswerMs(load.of('before')));
    expect(load.of('down').length).toBeGreaterThan(0);
    expect(load.outcomes.every((o) => o.status === 200)).toBe(true);
  }, 120_000);

  it('SIGTERM: finishes the requests in flight, flushes the usage counters, exits 0', async () => {
    const member = await seeder.member();
    const heavy = Array.from({ length: 1000 }, (_, i) => `https://shopee.vn/product/${100 + i}/${5000 + i}`).join('\n');
    // 24 keep-alive connections the server has accepted already (a connection still in the kernel's backlog
    // when the listening socket closes is reset: a load balancer stops routing to an instance before SIGTERM).
    const agent = new Agent({ connections: 24, keepAliveTimeout: 30_000 });
    const warm = await Promise.all(
      Array.from({ length: 24 }, () => undiciFetch(`${second.url}/health`, { dispatcher: agent }).then(safeText)),
    );
    expect(warm).toHaveLength(24);
    const inFlight = Array.from({ length: 24 }, () =>
      undiciFetch(`${second.url}/api/convert`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': member.apiKey, 'x-api-token': member.apiToken },
        body: JSON.stringify({ mode: 'affiliate', affiliate_id: '17345510000', content: heavy }),
      }).then(async (res) => ({
        status: res.status,
        total: (JSON.parse(await safeText(res)) as { summary?: { total: number } }).summary?.total,
      })),
    );
    // SIGTERM once the server is busy answering them.
    await Promise.race(inFlight);
    const exitCode = second.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.every((answer) => answer.status === 200 && answer.total === 1000)).toBe(true);
    expect(await exitCode).toBe(0);
    // The flush interval is 5 minutes: only the shutdown flush can have written these.
    expect(await usageOf(seeder, member.memberId)).toBe(24);
    // New connections are refused once it is gone.
    await expect(fetch(`${second.url}/health`)).rejects.toThrow();
    await agent.close();
    expect(second.logs()).not.toMatch(/Shutdown failed|ERROR/);
  }, 60_000);
});
