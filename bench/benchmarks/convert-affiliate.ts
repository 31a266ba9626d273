import { type LoadTarget, measureThroughput, medianThroughput, type Throughput } from '../lib/load';
import { convertRow, printTable, round, Row } from '../lib/report';
import { median, SETTINGS } from '../lib/settings';
import { dealText } from '../lib/texts';
import type { BenchContext } from '../lib/context';
import type { Benchmark } from './benchmark';

/** Targets for the 5-link text: at least half the bare node:http figure, p99 under 20 ms (at 1,000 calls/s too). */
export const TARGET_RATIO = 0.5;
export const TARGET_P99_MS = 20;
/** The fixed rate the convert call's latency target names (calls/s), whatever this machine's bare figure. */
export const TARGET_RATE = 1000;

/**
 * `POST /api/convert` in `affiliate` mode, through the whole api (credentials from the cache, rate limits,
 * validation, logging, usage counting), beside the bare node:http server running the same conversion, in the
 * same run and at the same concurrency, in alternating rounds (`sideBySide`): calls/s and each server's CPU per
 * call (user + system from /proc, a cluster's workers included). For the 5-link text, also the api with
 * `include: ["product"]` (the bench member's fake Shopee and Lazada credentials saved, the details cached after a
 * first call: what a member's bot re-posting deals pays), measured right after the api without it.
 */
export const convertAffiliate: Benchmark = {
  name: 'convert-affiliate',
  description: 'convert in affiliate mode, 5-link and 200-link texts: api vs bare node:http',
  async run(ctx) {
    const [api, baseline] = await Promise.all([ctx.api(), ctx.baseline()]);
    const rows: Row[] = [];
    for (const links of [5, 200]) {
      const body = {
        mode: 'affiliate',
        affiliate_id: '17345510000',
        sub_ids: ['fb', 'bench'],
        content: dealText(links),
      };
      const { bare, full, ratio } = await sideBySide(
        { target: await ctx.convertTarget(baseline.url, body), pid: baseline.pid },
        { target: await ctx.convertTarget(api.url, body), pid: api.pid },
      );
      const withProduct = links === 5 ? await measureWithProducts(ctx, api.url, body) : null;
      // Latency at a fixed load (half the bare figure, the throughput target, or 80 % of what the api
      // sustains when that is less), same connections: a saturated closed loop only measures queueing
      // (latency = connections / throughput). For the 5-link text, also at a quarter and an eighth of it, and at
      // TARGET_RATE (when the api sustains it).
      const target = Math.min(bare.requestsPerSecond * TARGET_RATIO, 0.8 * full.requestsPerSecond);
      const fixed = TARGET_RATE <= 0.9 * full.requestsPerSecond ? [TARGET_RATE] : [];
      const rates = links === 5 ? [target, bare.requestsPerSecond / 4, bare.requestsPerSecond / 8, ...fixed] : [target];
      const paced = [];
      for (const rate of rates) {
        paced.push({ rate, result: await measureThroughput(await ctx.convertTarget(api.url, body), { rate }) });
      }
      const text = `${links} links`;
      rows.push(
        convertRow(text, 'bare node:http', bare, 1, cpuOf(bare)),
        convertRow(text, 'api', full, round(ratio, 2), cpuOf(full)),
        ...(withProduct
          ? [
              convertRow(
                text,
                'api, include product',
                withProduct,
                round(withProduct.requestsPerSecond / bare.requestsPerSecond, 2),
                cpuOf(withProduct),
              ),
            ]
          : []),
        ...paced.map(({ rate, result }) => convertRow(text, `api at ${round(rate, 0)} req/s`, result, null, null)),
      );
    }
    printTable(
      `convert, affiliate mode, ${SETTINGS.connections} connections, ${SETTINGS.seconds} s per figure, ` +
        `bare and api: medians of ${SETTINGS.rounds} alternating rounds (${ctx.storage})`,
      rows,
    );
    const five = rows.find((row) => row.text === '5 links' && row.server === 'api')!;
    const fivePaced = rows.filter((row) => row.text === '5 links' && String(row.server).startsWith('api at'));
    const meetsRatio = Number(five['ratio to bare']) >= TARGET_RATIO;
    const p99 = (row: Row) =>
      `p99 < ${TARGET_P99_MS} ms at ${String(row.server).slice(7)} ${Number(row['p99 ms']) < TARGET_P99_MS ? 'met' : 'NOT met'}`;
    process.stdout.write(
      `5-link target: ratio ≥ ${TARGET_RATIO} ${meetsRatio ? 'met' : 'NOT met'}; ${fivePaced.map(p99).join('; ')}\n`,
    );
    return {
      storage: ctx.storage,
      rows,
      targets: {
        ratio: TARGET_RATIO,
        p99_ms: TARGET_P99_MS,
        meetsRatio,
        p99AtRate: fivePaced.map((row) => ({ rate: row.server, p99Ms: row['p99 ms'] })),
      },
    };
  },
};

/**
 * The api with `include: ["product"]`: the member's fake marketplace credentials saved, one call first (the
 * details fetched from the fakes and cached), a check that the details are there, then the same load.
 */
async function measureWithProducts(ctx: BenchContext, apiUrl: string, body: Record<string, unknown>) {
  await ctx.saveMarketplaceCredentials(apiUrl);
  const target = await ctx.convertTarget(apiUrl, { ...body, include: ['product'] });
  let described = 0;
  for (let attempt = 0; attempt < 20 && described === 0; attempt++) {
    const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body });
    const answer = (await res.json()) as { items?: Array<{ product?: unknown }> };
    described = (answer.items ?? []).filter((item) => item.product).length;
    if (described === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (described === 0) throw new Error('include product: no item got its product details from the fakes');
  return measureThroughput(target, { serverPid: (await ctx.api()).pid });
}

interface Server {
  target: LoadTarget;
  pid: number | undefined;
}

/**
 * The bare server and the api under the same closed loop in `SETTINGS.rounds` rounds (BENCH_ROUNDS, default 3),
 * the order alternating (bare, api; api, bare; ...) so that the shared machine's drift falls on both alike: each
 * server's medians, and the ratio as the median of the rounds' own (the api's calls/s over the bare server's measured
 * beside it). One figure of each, one after the other, read anywhere from 0.40 to 0.52 on the same build.
 */
async function sideBySide(
  baseline: Server,
  api: Server,
): Promise<{ bare: Throughput; full: Throughput; ratio: number }> {
  const bare: Throughput[] = [];
  const full: Throughput[] = [];
  for (let i = 0; i < SETTINGS.rounds; i++) {
    const order = i % 2 === 0 ? [baseline, api] : [api, baseline];
    for (const server of order) {
      const result = await measureThroughput(server.target, { serverPid: server.pid });
      (server === baseline ? bare : full).push(result);
    }
  }
  return {
    bare: medianThroughput(bare),
    full: medianThroughput(full),
    ratio: median(full.map((result, i) => result.requestsPerSecond / bare[i].requestsPerSecond)),
  };
}

/** The server's CPU per call (user + system, its workers included) over the measured run, in µs. */
function cpuOf(result: Throughput): number | null {
  return result.serverCpuUsPerRequest === undefined ? null : round(result.serverCpuUsPerRequest, 0);
}
