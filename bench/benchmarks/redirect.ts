import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { request } from 'undici';
import { ApiProcess } from '../../test/support/api-process';
import { measureThroughput, type Throughput } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { READY_TIMEOUT_MS } from '../lib/context';
import { median, SETTINGS } from '../lib/settings';
import { benchProductLinks, BROWSER_UA, REDIRECT_CODES, REDIRECT_HOST, redirectTarget } from '../redirect/load';
import type { Benchmark } from './benchmark';

const OFF_NAME = 'api, mounted, dimensions off';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => round(value, 1);
const ROUNDS = SETTINGS.rounds;
/**
 * A fourth server, the api with click dimensions off (`CLICK_DIMENSIONS_ENABLED=false`), measured in the same
 * rounds: the cost of recording a click's dimensions is the mounted api's figure beside it. `BENCH_REDIRECT_DIMENSIONS_OFF=0`
 * leaves it out.
 */
const DIMENSIONS_OFF = process.env.BENCH_REDIRECT_DIMENSIONS_OFF !== '0';

/**
 * `GET /<code>` → 302 on the short host, cycling through 200 codes made by the api (`own_shortener`), on warm
 * caches: a bare node:http server answering the same 302s from a Map, the standalone redirector
 * (`apps/redirector`, on `DATABASE_URL` only) and the api with the redirector mounted (`npm start`'s default),
 * each a separate process, side by side in one run: BENCH_ROUNDS rounds (default 3) of every server in turn, so
 * that the shared machine's drifting load falls on each alike. Per server, medians over the rounds (and their
 * ranges): req/s, p99, the ratio to bare, the server's CPU µs per answer (/proc) and bare's over it, the
 * generator's own CPU, the load average, and (on `DATABASE_URL`) whether the click totals rose by the 302s
 * answered in every round (at least every answer received, at most every request sent: wrk stops with one
 * request per connection in flight). The request mix and the baseline are those of `npm run bench:redirect`.
 * Also (DIMENSIONS_OFF) the api with click dimensions off, for the ratio of dimensions on to off in one run.
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
    let dimensionsOff: ApiProcess | null = null;
    try {
      if (DIMENSIONS_OFF) {
        dimensionsOff = await ApiProcess.start({
          env: ctx.apiEnv({ CLICK_DIMENSIONS_ENABLED: 'false' }),
          entry: 'main',
          readyTimeoutMs: READY_TIMEOUT_MS,
          nodeArgs: ctx.nodeArgs(),
        });
      }
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
        ...(dimensionsOff
          ? [{ name: OFF_NAME, url: dimensionsOff.url, pid: dimensionsOff.pid, clicks: Boolean(db) }]
          : []),
      ];
      const figures: Array<{ name: string; result: Throughput; clicks: string; load: number; round: number }> = [];
      try {
        // Rounds of every server in turn (BENCH_ROUNDS, default 3): the machine's load drifts over a minute, so
        // each server is measured early, in the middle and late, and the table gives the medians.
        for (let round = 1; round <= ROUNDS; round += 1) {
          for (const server of servers) {
            const before = server.clicks ? await clicksNow() : 0;
            const result = await measureThroughput(redirectTarget(server.url, codes), {
              serverPid: server.pid,
              // The first round warms each process up; later ones only refill the connections.
              warmupSeconds: round === 1 ? SETTINGS.warmupSeconds : 1,
            });
            // The machine's load average (1 min) as the figure ends: the machine is shared, this says how much.
            const load = round1(loadavg()[0]);
            let clicks = '—';
            if (server.clicks) {
              // The warm-up's clicks count too: it ran on the same codes just before.
              const answered = result.requests + (result.warmupRequests ?? 0);
              const sent = (result.sent ?? result.requests) + (result.warmupSent ?? result.warmupRequests ?? 0);
              const rose = await clicksAfter(before, answered);
              clicks = rose >= answered && rose <= sent ? 'yes' : `NO (${rose} for ${answered} answered, ${sent} sent)`;
            }
            figures.push({ name: server.name, result, clicks, load, round });
            process.stdout.write(
              `  round ${round}, ${server.name}: ${round1(result.requestsPerSecond)} req/s, ` +
                `${result.serverCpuUsPerRequest ?? '?'} cpu us/req (sys ${result.serverSysUsPerRequest ?? '?'}), ` +
                `clicks ${clicks}, load ${load}\n`,
            );
          }
        }
      } finally {
        await db?.end().catch(() => undefined);
      }
      const of = (name: string) => figures.filter((f) => f.name === name);
      const rate = (name: string) => median(of(name).map((f) => f.result.requestsPerSecond));
      const cpu = (name: string) => median(of(name).map((f) => f.result.serverCpuUsPerRequest ?? NaN));
      const bareName = servers[0].name;
      const standaloneName = servers.find((server) => server.name === 'standalone redirector')?.name;
      const range = (values: number[], digits: number) =>
        `${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)}`;
      const rows = servers.map(({ name }): Row => {
        const runs = of(name);
        return {
          server: name,
          'req/s': round(rate(name), 0),
          'req/s range': range(
            runs.map((f) => f.result.requestsPerSecond),
            0,
          ),
          'p99 ms': median(runs.map((f) => f.result.p99Ms)),
          errors: runs.reduce((sum, f) => sum + f.result.errors, 0),
          'ratio to bare': round(rate(name) / rate(bareName), 2),
          'ratio to standalone': standaloneName ? round(rate(name) / rate(standaloneName), 2) : null,
          'cpu us/req': round(cpu(name), 1),
          'cpu us/req range': range(
            runs.map((f) => f.result.serverCpuUsPerRequest ?? NaN),
            1,
          ),
          'bare cpu / cpu': round(cpu(bareName) / cpu(name), 2),
          // The kernel's part of the CPU per redirect (system time: socket reads and writes, polling), median.
          'sys us/req': round(median(runs.map((f) => f.result.serverSysUsPerRequest ?? NaN)), 1),
          'generator cpu %': range(
            runs.map((f) => f.result.generatorCpuPercent ?? NaN),
            0,
          ),
          'clicks complete': runs.every((f) => f.clicks === '—')
            ? '—'
            : runs.every((f) => f.clicks === 'yes')
              ? 'yes'
              : runs.map((f) => f.clicks).join('; '),
          'load 1m': range(
            runs.map((f) => f.load),
            1,
          ),
        };
      });
      const bare = figures[0].result;
      printTable(
        `GET /<code> → 302, ${REDIRECT_CODES} codes, ${SETTINGS.connections} connections, ` +
          `${ROUNDS} rounds of ${SETTINGS.seconds} s per server (medians), warm caches, ${bare.generator} (${ctx.storage})`,
        rows,
      );
      process.stdout.write('(a generator near 100 % of a core is the ceiling, not the server)\n');
      const mountedName = 'api, redirector mounted';
      const dimensions = dimensionsOff
        ? {
            reqPerSecond: round(rate(mountedName) / rate(OFF_NAME), 2),
            cpu: round(cpu(OFF_NAME) / cpu(mountedName), 2),
          }
        : null;
      if (dimensions) {
        process.stdout.write(
          `mounted redirector with click dimensions / without: ${dimensions.reqPerSecond} by req/s, ` +
            `${dimensions.cpu} by CPU per redirect (its CPU without / with)\n`,
        );
      }
      return { storage: ctx.storage, generator: bare.generator, codes: REDIRECT_CODES, rows, dimensions };
    } finally {
      await baseline?.dispose();
      await dimensionsOff?.stop();
      await dimensionsOff?.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
