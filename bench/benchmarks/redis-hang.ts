import { ApiProcess } from '../../test/support/api-process';
import { ThrowawayRedis } from '../../test/support/throwaway-servers';
import { measureThroughput, type Throughput } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { Benchmark } from './benchmark';

/** Target of issue 22: while Redis hangs, a convert call's p99 stays within this much of its p99 with Redis. */
export const TARGET_EXTRA_P99_MS = 50;
/** The partner's calls: 5-link `affiliate` texts at this fixed rate (open loop, latency from when each was due). */
const RATE = 50;

/**
 * A hung Redis (issue 22): the api on a redis-server of the bench's own, frozen with SIGSTOP (connections stay
 * open, nothing is answered) for as long as a figure lasts, then thawed. The partner's p99 with Redis answering,
 * while it hangs (from the first second: the command time-outs before the breaker opens count) and after SIGCONT.
 * The machine's Redis is never touched. Needs `DATABASE_URL` (the api process is a second one beside the
 * bench's own member seeding) and the `redis-server` binary.
 */
export const redisHang: Benchmark = {
  name: 'redis-hang',
  description: 'a hung Redis (SIGSTOP): convert p99 before, during and after, against the with-Redis p99 + 50 ms',
  async run(ctx) {
    if (!ctx.databaseUrl) {
      process.stdout.write('redis-hang: skipped (needs DATABASE_URL: the api runs as a second process)\n');
      return { skipped: 'needs DATABASE_URL' };
    }
    const member = await ctx.member();
    const redis = await ThrowawayRedis.create();
    const api = await ApiProcess.start({
      env: ctx.apiEnv({ REDIS_URL: redis.url }),
      readyTimeoutMs: 60_000,
    });
    const measured: Array<{ phase: string; result: Throughput }> = [];
    try {
      const target = {
        url: `${api.url}/api/convert`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', 'x-api-key': member.apiKey, 'x-api-token': member.apiToken },
        body: JSON.stringify({ mode: 'affiliate', affiliate_id: '17345510000', content: dealText(5) }),
      };
      const measure = (seconds: number) =>
        measureThroughput(target, { rate: RATE, seconds, warmupSeconds: 0, connections: 8 });
      await measure(2); // warm-up
      measured.push({ phase: 'Redis answering', result: await measure(SETTINGS.seconds) });
      redis.pause();
      try {
        measured.push({
          phase: 'Redis hung (SIGSTOP), from the first second',
          result: await measure(SETTINGS.seconds),
        });
      } finally {
        redis.resume();
      }
      measured.push({ phase: 'after SIGCONT', result: await measure(SETTINGS.seconds) });
    } finally {
      redis.resume();
      await api.stop();
      await api.dispose();
      await redis.kill();
    }
    const rows: Row[] = measured.map(({ phase, result }) => ({
      phase,
      'req/s': round(result.requestsPerSecond, 0),
      'p50 ms': result.p50Ms,
      'p99 ms': result.p99Ms,
      errors: result.errors,
    }));
    printTable(`convert (5 links) at ${RATE}/s, ${SETTINGS.seconds} s per row (${ctx.storage}, Redis its own)`, rows);
    const [normal, hung] = measured.map((m) => m.result);
    const extra = round(hung.p99Ms - normal.p99Ms, 1);
    const met = extra < TARGET_EXTRA_P99_MS && hung.errors === 0;
    process.stdout.write(
      `while Redis hangs: p99 ${hung.p99Ms} ms against ${normal.p99Ms} ms (${extra >= 0 ? '+' : ''}${extra} ms, ${hung.errors} errors; ` +
        `target: under +${TARGET_EXTRA_P99_MS} ms, no errors: ${met ? 'met' : 'NOT met'})\n`,
    );
    return { storage: ctx.storage, rows, verdict: { extraP99Ms: extra, errors: hung.errors, met } };
  },
};
