import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { request } from 'undici';
import { ApiProcess } from '../../test/support/api-process';
import { measureThroughput, type Throughput } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { benchProductLinks, BROWSER_UA, REDIRECT_CODES, REDIRECT_HOST, redirectTarget } from '../redirect/load';
import type { Benchmark } from './benchmark';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `GET /<code>` → 302 on the short host, cycling through 200 codes made by the api (`own_shortener`), on warm
 * caches: a bare node:http server answering the same 302s from a Map, the standalone redirector
 * (`apps/redirector`, on `DATABASE_URL` only) and the api with the redirector mounted (`npm start`'s default),
 * each a separate process, side by side in one run. Per server: req/s, p50, p99, the ratio to bare, the server's
 * CPU µs per answer (/proc), the generator's own CPU, and (on `DATABASE_URL`) whether the click totals rose by
 * the 302s answered (at least every answer received, at most every request sent: wrk stops with one request
 * per connection in flight). The request mix and the baseline are those of `npm run bench:redirect`.
 */
export const redirect: Benchmark = {
  name: 'redirect',
  description: 'GET /<code> → 302, 200 codes, warm caches: redirector vs bare node:http + Map',
  async run(ctx) {
    const [api, redirector] = await Promise.all([ctx.api(), ctx.redirector()]);
    // The codes, made as partners make them (one convert of a 200-link text).
    const products = benchProductLinks(REDIRECT_CODES);
    const made = await ctx.convertTarget(api.url, {
      mode: 'own_shortener',
      affiliate_id: '17345510000',
      sub_ids: ['bench'],
      content: products.join('\n'),
    });
    const res = await fetch(made.url, { method: 'POST', headers: made.headers, body: made.body });
    const answer = (await res.json()) as { items?: Array<{ output: string | null }> };
    const codes = (answer.items ?? []).flatMap((item) =>
      item.output?.startsWith(`http://${REDIRECT_HOST}/`) ? [item.output.slice(`http://${REDIRECT_HOST}/`.length)] : [],
    );
    if (res.status !== 200 || codes.length !== REDIRECT_CODES) {
      throw new Error(
        `Making ${REDIRECT_CODES} short links failed (${res.status}): ${JSON.stringify(answer).slice(0, 300)}`,
      );
    }
    // Where each leads, read from the redirector (this also checks every code redirects).
    const targets: Record<string, string> = {};
    for (const code of codes) {
      const hit = await request(`${redirector.url}/${code}`, {
        headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
      });
      await hit.body.dump();
      const location = hit.headers.location;
      if (hit.statusCode !== 302 || typeof location !== 'string') {
        throw new Error(`${ctx.redirectorKind}: /${code} answered ${hit.statusCode}, not 302`);
      }
      targets[code] = location;
    }
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-bench-redirect-'));
    const targetsFile = join(dir, 'targets.json');
    writeFileSync(targetsFile, JSON.stringify(targets));
    let baseline: ApiProcess | null = null;
    try {
      baseline = await ApiProcess.start({
        script: 'bench/redirect/baseline.ts',
        env: { REDIRECT_HOST, REDIRECT_TARGETS_FILE: targetsFile, NODE_ENV: 'production' },
      });
      const db = ctx.databaseUrl ? new Client({ connectionString: ctx.databaseUrl }) : null;
      await db?.connect();
      const member = await ctx.member();
      const clicksNow = async () =>
        Number(
          (
            await db!.query(
              `SELECT COALESCE(sum(t.clicks + t.bot_clicks), 0)::bigint AS c
                 FROM short_link_clicks t JOIN short_links s ON s.id = t.short_link_id WHERE s.member_id = $1`,
              [member.memberId],
            )
          ).rows[0].c,
        );
      /** Waits for the flush (every 5 s) of a run's clicks: the totals reach `atLeast`, then one more interval. */
      const clicksAfter = async (before: number, atLeast: number) => {
        const deadline = Date.now() + 20_000;
        while ((await clicksNow()) - before < atLeast && Date.now() < deadline) await sleep(500);
        await sleep(5_500);
        return (await clicksNow()) - before;
      };
      const servers: Array<{ name: string; url: string; pid: number | undefined; clicks: boolean }> = [
        { name: 'bare node:http + Map', url: baseline.url, pid: baseline.pid, clicks: false },
        ...(ctx.databaseUrl
          ? [{ name: 'standalone redirector', url: redirector.url, pid: redirector.pid, clicks: true }]
          : []),
        { name: 'api, redirector mounted', url: api.url, pid: api.pid, clicks: Boolean(db) },
      ];
      const figures: Array<{ name: string; result: Throughput; clicks: string; load: number }> = [];
      try {
        for (const server of servers) {
          const before = server.clicks ? await clicksNow() : 0;
          const result = await measureThroughput(redirectTarget(server.url, codes), { serverPid: server.pid });
          // The machine's load average (1 min) as the figure ends: the machine is shared, this says how much.
          const load = round(loadavg()[0], 1);
          let clicks = '—';
          if (server.clicks) {
            // The warm-up's clicks count too: it ran on the same codes just before.
            const answered = result.requests + (result.warmupRequests ?? 0);
            const sent = (result.sent ?? result.requests) + (result.warmupSent ?? result.warmupRequests ?? 0);
            const rose = await clicksAfter(before, answered);
            clicks = rose >= answered && rose <= sent ? 'yes' : `NO (${rose} for ${answered} answered, ${sent} sent)`;
          }
          figures.push({ name: server.name, result, clicks, load });
        }
      } finally {
        await db?.end().catch(() => undefined);
      }
      const bare = figures[0].result;
      const standalone = figures.find((f) => f.name === 'standalone redirector')?.result;
      const rows = figures.map(({ name, result, clicks, load }): Row => ({
        server: name,
        'req/s': round(result.requestsPerSecond, 0),
        'p50 ms': result.p50Ms,
        'p99 ms': result.p99Ms,
        errors: result.errors,
        'ratio to bare': round(result.requestsPerSecond / bare.requestsPerSecond, 2),
        'ratio to standalone': standalone ? round(result.requestsPerSecond / standalone.requestsPerSecond, 2) : null,
        'cpu us/req': result.serverCpuUsPerRequest ?? null,
        'generator cpu %': result.generatorCpuPercent ?? null,
        'clicks complete': clicks,
        'load 1m': load,
      }));
      printTable(
        `GET /<code> → 302, ${REDIRECT_CODES} codes, ${SETTINGS.connections} connections, ` +
          `${SETTINGS.seconds} s per figure, warm caches, ${bare.generator} (${ctx.storage})`,
        rows,
      );
      process.stdout.write(
        figures
          .map(({ name, result }) => `${name}: ${result.generator} at ${result.generatorCpuPercent}% of a core`)
          .join('; ') + ' (a generator near 100% is the ceiling, not the server)\n',
      );
      return { storage: ctx.storage, generator: bare.generator, codes: REDIRECT_CODES, rows };
    } finally {
      await baseline?.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
