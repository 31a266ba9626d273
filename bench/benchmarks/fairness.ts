import { fork } from 'node:child_process';
import { join } from 'node:path';
import { ApiProcess } from '../../test/support/api-process';
import type { BenchContext } from '../lib/context';
import { measureThroughput, type Throughput } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { Benchmark } from './benchmark';

/** Targets of issue 22 under the heavy caller: a normal 5-link call's p99, and `/health/live`'s. */
export const TARGET_NORMAL_P99_MS = 50;
export const TARGET_HEALTH_P99_MS = 100;
/** The heavy caller: this many concurrent `link_goc` calls of this many links, in a closed loop, one Pro key. */
export const HEAVY_CONCURRENCY = 20;
export const HEAVY_LINKS = 5000;
/** The normal caller's and the health probe's fixed rates (open loop: latency counted from when each was due). */
const NORMAL_RATE = 20;
const HEALTH_RATE = 5;

/** 5,000 distinct Shopee product links, compact enough for the bench api's content limit. */
function heavyText(): string {
  return Array.from({ length: HEAVY_LINKS }, (_, i) => `https://shopee.vn/product/${100 + i}/${7000 + i}`).join(' ');
}

interface HeavyResult {
  seconds: number;
  calls: number;
  failures: number;
  medianMs: number;
}

/**
 * The heavy caller: `HEAVY_CONCURRENCY` loops sending the heavy call until stopped, in a process of its own
 * (bench/lib/heavy-caller.js), so that its own client work never delays this process, which times the normal
 * caller.
 */
async function startHeavy(base: string, headers: Record<string, string>, body: string) {
  const child = fork(join(__dirname, '..', 'lib', 'heavy-caller.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  const started = next();
  child.send({ url: `${base}/api/convert`, headers, body, concurrency: HEAVY_CONCURRENCY });
  await started;
  return {
    async stop(): Promise<HeavyResult> {
      const result = next();
      child.send('stop');
      return (await result) as HeavyResult;
    },
  };
}

/**
 * The api's own view of a row, from its `/metrics` (prom-client's process metrics): the event loop's delay p99 and
 * max since the previous read (prom-client resets that histogram at each read), and the garbage collector's
 * pauses (count and total seconds, by kind: minor, major, incremental) so far. Read before and after a row.
 */
async function processFigures(base: string): Promise<{ lagP99Ms: number; lagMaxMs: number; gc: Map<string, number> }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  const gc = new Map<string, number>();
  for (const [, what, kind, amount] of text.matchAll(
    /^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)/gm,
  )) {
    gc.set(`${kind} ${what}`, Number(amount));
  }
  return {
    lagP99Ms: round(value('nodejs_eventloop_lag_p99_seconds') * 1000, 1),
    lagMaxMs: round(value('nodejs_eventloop_lag_max_seconds') * 1000, 1),
    gc,
  };
}

/** The normal caller and the health probe, side by side for `seconds`. */
async function measureNormal(ctx: BenchContext, base: string, seconds: number) {
  const body = { mode: 'affiliate', affiliate_id: '17345510000', sub_ids: ['fb', 'bench'], content: dealText(5) };
  const [normal, health] = await Promise.all([
    measureThroughput(await ctx.convertTarget(base, body), {
      rate: NORMAL_RATE,
      seconds,
      warmupSeconds: 0,
      connections: 8,
    }),
    measureThroughput(
      { url: `${base}/health/live`, method: 'GET' },
      { rate: HEALTH_RATE, seconds, warmupSeconds: 0, connections: 4 },
    ),
  ]);
  return { normal, health };
}

/**
 * A heavy caller beside a normal one (issue 22): twenty concurrent `link_goc` calls of 5,000 links from one Pro
 * key (its link budget raised, as the request limits are, so that the slicing is what is measured) while a normal
 * partner sends 5-link `affiliate` calls at a fixed rate and a probe asks `/health/live`. Reported: the normal
 * caller's and the probe's p99 without and with the heavy caller; with `DATABASE_URL`, also on a second api
 * process with the worker threads off (`CONVERT_WORKERS=0`: large texts converted in slices on the event loop),
 * and on a third with the slicing off as well and every large conversion let in at once
 * (`BENCH_FAIRNESS_UNSLICED=0` leaves that row out), as before each defence.
 */
export const fairness: Benchmark = {
  name: 'fairness',
  description: `a heavy caller (${HEAVY_CONCURRENCY} × ${HEAVY_LINKS}-link link_goc) beside a normal one (5-link calls): p99 with and without`,
  async run(ctx) {
    const api = await ctx.api();
    const member = await ctx.member();
    const headers = { 'content-type': 'application/json', 'x-api-key': member.apiKey, 'x-api-token': member.apiToken };
    const heavyBody = JSON.stringify({ mode: 'link_goc', content: heavyText() });
    const seconds = SETTINGS.seconds;

    const measured: Array<{
      label: string;
      normal: Throughput;
      health: Throughput;
      heavy: HeavyResult | null;
      api: { lagP99Ms: number; lagMaxMs: number; gcPauses: number; gcMs: number; majorGcMs: number };
    }> = [];
    const run = async (label: string, base: string, withHeavy: boolean) => {
      // Warm-up of the normal path (and, with the heavy caller, until its first calls are in flight).
      await measureNormal(ctx, base, 1);
      const heavy = withHeavy ? await startHeavy(base, headers, heavyBody) : null;
      if (heavy) await new Promise((done) => setTimeout(done, 1000));
      const before = await processFigures(base);
      const { normal, health } = await measureNormal(ctx, base, seconds);
      const after = await processFigures(base);
      const gcDelta = (key: string) => (after.gc.get(key) ?? 0) - (before.gc.get(key) ?? 0);
      const kinds = [...new Set([...after.gc.keys()].map((key) => key.split(' ')[0]))];
      const api = {
        lagP99Ms: after.lagP99Ms,
        lagMaxMs: after.lagMaxMs,
        gcPauses: kinds.reduce((sum, kind) => sum + gcDelta(`${kind} count`), 0),
        gcMs: round(kinds.reduce((sum, kind) => sum + gcDelta(`${kind} sum`), 0) * 1000, 0),
        majorGcMs: round(gcDelta('major sum') * 1000, 0),
      };
      measured.push({ label, normal, health, heavy: heavy ? await heavy.stop() : null, api });
    };

    await run('alone', api.url, false);
    await run('beside the heavy caller', api.url, true);
    if (ctx.databaseUrl) {
      // The same heavy caller against a second api process with one of the defences off, as before it.
      const without = async (label: string, env: Record<string, string>) => {
        const other = await ApiProcess.start({ env: ctx.apiEnv(env) });
        try {
          await run(label, other.url, true);
        } finally {
          await other.stop();
          await other.dispose();
        }
      };
      await without("beside the heavy caller, worker threads at the api thread's priority", {
        CONVERT_WORKER_NICE: '0',
      });
      await without('beside the heavy caller, worker threads off (slices on the event loop)', {
        CONVERT_WORKERS: '0',
      });
      if (process.env.BENCH_FAIRNESS_UNSLICED !== '0') {
        await without('beside the heavy caller, worker threads and slicing off', {
          CONVERT_WORKERS: '0',
          CONVERT_SLICE_ABOVE_CHARS: '1000000',
          CONVERT_LARGE_CONCURRENCY: String(HEAVY_CONCURRENCY),
        });
      }
    }

    const rows: Row[] = measured.map((m) => ({
      normal: m.label,
      'normal p50 ms': m.normal.p50Ms,
      'normal p99 ms': m.normal.p99Ms,
      'normal errors': m.normal.errors,
      'health p99 ms': m.health.p99Ms,
      'heavy calls done': m.heavy?.calls ?? '',
      'heavy links/s': m.heavy ? round((m.heavy.calls * HEAVY_LINKS) / m.heavy.seconds, 0) : '',
      'heavy median ms': m.heavy ? round(m.heavy.medianMs, 0) : '',
      'heavy failures': m.heavy?.failures ?? '',
      'api loop delay p99 / max ms': `${m.api.lagP99Ms} / ${m.api.lagMaxMs}`,
      'api GC pauses, ms (major ms)': `${m.api.gcPauses}, ${m.api.gcMs} (${m.api.majorGcMs})`,
    }));
    printTable(
      `normal caller at ${NORMAL_RATE}/s and /health/live at ${HEALTH_RATE}/s, ${seconds} s per row (${ctx.storage})`,
      rows,
    );
    const loaded = measured[1];
    const alone = measured[0];
    const verdict = {
      normalP99Ms: loaded.normal.p99Ms,
      healthP99Ms: loaded.health.p99Ms,
      normalP99Ratio: round(loaded.normal.p99Ms / alone.normal.p99Ms, 2),
      healthP99Ratio: round(loaded.health.p99Ms / alone.health.p99Ms, 2),
      normalTargetMet: loaded.normal.p99Ms < TARGET_NORMAL_P99_MS,
      healthTargetMet: loaded.health.p99Ms < TARGET_HEALTH_P99_MS,
    };
    process.stdout.write(
      `under the heavy caller: normal p99 ${verdict.normalP99Ms} ms (${verdict.normalP99Ratio} × alone; target < ` +
        `${TARGET_NORMAL_P99_MS} ms: ${verdict.normalTargetMet ? 'met' : 'NOT met'}), /health/live p99 ` +
        `${verdict.healthP99Ms} ms (${verdict.healthP99Ratio} × alone; target < ${TARGET_HEALTH_P99_MS} ms: ` +
        `${verdict.healthTargetMet ? 'met' : 'NOT met'})\n`,
    );
    return { storage: ctx.storage, rows, verdict, heavy: { concurrency: HEAVY_CONCURRENCY, links: HEAVY_LINKS } };
  },
};
