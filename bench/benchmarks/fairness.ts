import { performance } from 'node:perf_hooks';
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

/** The heavy caller: `HEAVY_CONCURRENCY` loops sending the heavy call until stopped. */
function startHeavy(base: string, headers: Record<string, string>, body: string) {
  let running = true;
  const startedAt = performance.now();
  const done: number[] = [];
  let failures = 0;
  const loops = Array.from({ length: HEAVY_CONCURRENCY }, async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/convert`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) done.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return {
        seconds: (performance.now() - startedAt) / 1000,
        calls: done.length,
        failures,
        medianMs: done.sort((a, b) => a - b)[Math.floor(done.length / 2)] ?? NaN,
      };
    },
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
 * caller's and the probe's p99 without and with the heavy caller; with `DATABASE_URL`, also with the slicing of
 * large texts turned off (a second api process, `CONVERT_SLICE_ABOVE_CHARS` at its maximum), as before it.
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
      heavy: Awaited<ReturnType<ReturnType<typeof startHeavy>['stop']>> | null;
    }> = [];
    const run = async (label: string, base: string, withHeavy: boolean) => {
      // Warm-up of the normal path (and, with the heavy caller, until its first calls are in flight).
      await measureNormal(ctx, base, 1);
      const heavy = withHeavy ? startHeavy(base, headers, heavyBody) : null;
      if (heavy) await new Promise((done) => setTimeout(done, 1000));
      const { normal, health } = await measureNormal(ctx, base, seconds);
      measured.push({ label, normal, health, heavy: heavy ? await heavy.stop() : null });
    };

    await run('alone', api.url, false);
    await run('beside the heavy caller', api.url, true);
    if (ctx.databaseUrl) {
      const unsliced = await ApiProcess.start({ env: ctx.apiEnv({ CONVERT_SLICE_ABOVE_CHARS: '1000000' }) });
      try {
        await run('beside the heavy caller, slicing off', unsliced.url, true);
      } finally {
        await unsliced.stop();
        await unsliced.dispose();
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
