import autocannon from 'autocannon';
import Redis from 'ioredis';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { ApiProcess, freePort } from '../../test/support/api-process';
import { type BenchContext, READY_TIMEOUT_MS } from '../lib/context';
import { MEMORY_PROBE_ARGS, probedMemory } from '../lib/memory';
import { processCpuTimes } from '../lib/load';
import { printTable, round, Row } from '../lib/report';
import { SETTINGS } from '../lib/settings';
import { BROWSER_UA, REDIRECT_HOST } from '../redirect/load';
import { generator, runWrk } from '../lib/wrk';
import type { Benchmark } from './benchmark';

/** Codes made (`BENCH_CODES`, default 1,000,000), and codes cached by the memory case (`BENCH_MEMORY_CODES`). */
const CODES = positive('BENCH_CODES', 1_000_000);
const HOT_CODES = 200;
/**
 * Which cases to run (`BENCH_SCALE_CASES`, comma-separated among hot, zipf, uniform (the access laws), empty
 * (each law with Redis empty too), mounted (each law, Redis warm, on the api with the redirector mounted too)
 * and memory; default all).
 */
const CASES = new Set((process.env.BENCH_SCALE_CASES || 'hot,zipf,uniform,empty,mounted,memory').split(','));
const MEMORY_CODES = Math.max(1, Math.min(CODES - HOT_CODES, positive('BENCH_MEMORY_CODES', 150_000)));
const MEMBER_SUB_ID = 'bench-scale';
/**
 * How long the memory case lets the redirector rest before reading its memory "at rest": V8 hands back the heap
 * pages a burst of load made it commit only once its memory reducer sees the process idle (a few seconds).
 */
const REST_MS = 12_000;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** The access laws the bare server is measured under (beside each redirector case of the law, Redis warm). */
const BARE_LAWS = { hot: true, zipf: true, uniform: true };

/** Code i (1-based): `0` + 6 hex digits, 7 characters; `0` is not in the generator's alphabet, so never a real code. */
const codeOf = (i: number) => `0${i.toString(16).padStart(6, '0')}`;
const CODE_SQL = `'0' || lpad(to_hex(i), 6, '0')`;
/** Target i: a Shopee affiliate link of about 136 characters, distinct per code (one row per member and target). */
const TARGET_HEAD = 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1000%2F';
const TARGET_TAIL = `&affiliate_id=17345510000&sub_id=${MEMBER_SUB_ID}-1`;
const targetOf = (i: number) => `${TARGET_HEAD}${i}${TARGET_TAIL}`;

type Pick = (() => number) & { wrk?: { count: number; pick: 'cycle' | 'zipf' | 'uniform' } };

/** Zipf (s = 1.0) over 1..n: rank k drawn with probability ∝ 1/k (inverse CDF, binary search). */
function zipf(n: number): Pick {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k += 1) cdf[k] = sum += 1 / (k + 1);
  return Object.assign(
    () => {
      const u = Math.random() * sum;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cdf[mid] < u) lo = mid + 1;
        else hi = mid;
      }
      return lo + 1;
    },
    { wrk: { count: n, pick: 'zipf' as const } },
  );
}
const uniform = (n: number): Pick =>
  Object.assign(() => 1 + Math.floor(Math.random() * n), { wrk: { count: n, pick: 'uniform' as const } });
const cycle = (n: number): Pick => {
  let i = 0;
  return Object.assign(() => (i++ % n) + 1, { wrk: { count: n, pick: 'cycle' as const } });
};

interface Run {
  requests: number;
  found: number;
  errors: number;
  seconds: number;
  p99Ms: number;
  /** Requests written: with wrk, the answers plus those in flight when it stopped (at most one per connection). */
  sent: number;
  /** wrk: its own CPU in % of one core. */
  generatorCpuPercent?: number;
}

/**
 * A closed loop (autocannon, SETTINGS.connections connections) on `GET /<code>`, the code drawn per request,
 * in chunks of a fixed number of requests (`amount`), each run to its last answer, so every 302 the server
 * sends is counted here (a run stopped by time drops the answers in flight), until `seconds` have passed or
 * `total` requests were sent. p99 over every answer.
 */
async function load(base: string, pick: Pick, options: { seconds?: number; total?: number }): Promise<Run> {
  if (options.total === undefined && pick.wrk && generator() === 'wrk') {
    // wrk (see bench/lib/wrk.ts): the same law in its Lua script, codes `/0` + 6 hex digits as codeOf.
    const run = await runWrk({
      url: base,
      headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
      generated: { prefix: '/0', hexDigits: 6, count: pick.wrk.count },
      pick: pick.wrk.pick,
      seconds: options.seconds ?? SETTINGS.seconds,
      connections: SETTINGS.connections,
    });
    return {
      requests: run.requests,
      found: run.requests - run.errors,
      errors: run.errors,
      seconds: run.seconds,
      p99Ms: round(run.p99Ms, 1),
      sent: run.sent,
      generatorCpuPercent: run.generatorCpuPercent,
    };
  }
  const latencies: number[] = [];
  let found = 0;
  let errors = 0;
  let rate = 2000;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  while (true) {
    const left = options.total !== undefined ? options.total - latencies.length - errors : Infinity;
    if (left <= 0 || (options.seconds !== undefined && elapsed() >= options.seconds)) break;
    const amount = Math.min(left, Math.max(SETTINGS.connections * 20, Math.round(rate * 2)));
    const chunkStart = performance.now();
    await new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: Math.min(SETTINGS.connections, amount),
          amount,
          timeout: 10,
          headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
          requests: [{ method: 'GET', setupRequest: (req: object) => ({ ...req, path: `/${codeOf(pick())}` }) }],
        } as autocannon.Options,
        (error: Error | null, result: autocannon.Result) => {
          if (error) return reject(error);
          errors += result.errors + result.timeouts;
          resolve();
        },
      );
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        if (status === 302) found += 1;
        else errors += 1;
      });
    });
    rate = amount / ((performance.now() - chunkStart) / 1000);
  }
  const seconds = elapsed();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? NaN;
  return { requests: latencies.length, found, errors, seconds, p99Ms: round(p99, 1), sent: latencies.length + errors };
}

/** CPU time (user + system) of a process, in µs, and its resident memory, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

async function redisCalls(redis: Redis | null): Promise<number> {
  if (!redis) return 0;
  const info = await redis.info('commandstats');
  return [...info.matchAll(/calls=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}

interface Flush {
  rows: number;
  clicks: number;
  ms: number;
}

/** The redirector's 'Click counters written' log lines (pino JSON). */
function flushesIn(logs: string): Flush[] {
  const flushes: Flush[] = [];
  for (const line of logs.split('\n')) {
    if (!line.includes('Click counters written')) continue;
    try {
      const entry = JSON.parse(line) as Partial<Flush>;
      flushes.push({ rows: Number(entry.rows), clicks: Number(entry.clicks), ms: Number(entry.ms) });
    } catch {
      // not a JSON line
    }
  }
  return flushes;
}

interface MemoryCase {
  rssBefore: number;
  rssMid: number;
  rssAfter: number;
  gcBefore: NodeJS.MemoryUsage | null;
  gcAfter: NodeJS.MemoryUsage | null;
  restAfter: NodeJS.MemoryUsage | null;
}

/** Prints the memory case's figures (RSS per cached code, after a full collection and at rest) and returns them. */
function memoryReport(memory: MemoryCase): Record<string, number> {
  const bytesPerCode = round(((memory.rssAfter - memory.rssBefore) * 2 ** 20) / MEMORY_CODES, 0);
  const half = MEMORY_CODES - Math.floor(MEMORY_CODES / 2);
  const marginalBytesPerCode = round(((memory.rssAfter - memory.rssMid) * 2 ** 20) / half, 0);
  const perCode = (field: 'rss' | 'heapUsed', after = memory.gcAfter!) =>
    round((after[field] - memory.gcBefore![field]) / MEMORY_CODES, 0);
  process.stdout.write(
    `\nMemory: ${bytesPerCode} B of RSS per cached code (RSS ${round(memory.rssBefore, 0)} → ` +
      `${round(memory.rssMid, 0)} → ${round(memory.rssAfter, 0)} MB for ${MEMORY_CODES} codes; ` +
      `${marginalBytesPerCode} B per code over the second half)\n` +
      `After a full garbage collection: ${perCode('rss')} B of RSS and ${perCode('heapUsed')} B of live heap ` +
      `per cached code (RSS ${round(memory.gcBefore!.rss / 2 ** 20, 0)} → ${round(memory.gcAfter!.rss / 2 ** 20, 0)} MB, ` +
      `V8 heap committed ${round(memory.gcBefore!.heapTotal / 2 ** 20, 0)} → ${round(memory.gcAfter!.heapTotal / 2 ** 20, 0)} MB, ` +
      `outside the heap ${round(memory.gcBefore!.external / 2 ** 20, 0)} → ${round(memory.gcAfter!.external / 2 ** 20, 0)} MB)\n` +
      `At rest (${REST_MS / 1000} s without requests, then a full collection): ${perCode('rss', memory.restAfter!)} B ` +
      `of RSS per cached code (RSS ${round(memory.gcBefore!.rss / 2 ** 20, 0)} → ${round(memory.restAfter!.rss / 2 ** 20, 0)} MB, ` +
      `V8 heap committed ${round(memory.restAfter!.heapTotal / 2 ** 20, 0)} MB)\n`,
  );
  return {
    codes_cached: MEMORY_CODES,
    rss_before_mb: round(memory.rssBefore, 0),
    rss_half_mb: round(memory.rssMid, 0),
    rss_after_mb: round(memory.rssAfter, 0),
    rss_bytes_per_code: bytesPerCode,
    rss_bytes_per_code_second_half: marginalBytesPerCode,
    rss_bytes_per_code_after_gc: perCode('rss'),
    heap_bytes_per_code_after_gc: perCode('heapUsed'),
    rss_bytes_per_code_at_rest: perCode('rss', memory.restAfter!),
  };
}

/**
 * The redirector at scale: BENCH_CODES short links made with one set-based insert, then 200 hot codes,
 * Zipf (s = 1.0) and uniform access over all of them, with Redis warm (every code in Redis, written by the
 * bench beforehand) and empty (a key prefix of its own), each on a fresh standalone redirector, beside the bare
 * node:http + Map server holding the same codes. Per case: req/s, p99, the redirector's CPU µs per request and
 * RSS, Postgres transactions/s and Redis commands/s (the whole server's: shared), every click flush (rows, ms,
 * from its log) and whether the click totals rose by exactly the 302s answered (shutdown flush included). The
 * memory case caches BENCH_MEMORY_CODES codes (one request each) and reports RSS growth per code cached; its
 * clicks are written in one flush at shutdown (a flush of that many distinct links). Needs DATABASE_URL.
 */
export const redirectScale: Benchmark = {
  name: 'redirect-scale',
  description: `GET /<code> → 302 over ${CODES} codes: hot, Zipf, uniform; Redis warm and empty; vs bare node:http + Map`,
  async run(ctx: BenchContext) {
    if (!ctx.databaseUrl) throw new Error('redirect-scale needs DATABASE_URL (a PostgreSQL the bench may fill)');
    await ctx.api();
    const member = await ctx.member();
    const db = new Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const redis = ctx.redisUrl ? new Redis(ctx.redisUrl, { lazyConnect: true }) : null;
    await redis?.connect();
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-bench-scale-'));
    const processes: ApiProcess[] = [];
    try {
      // 1. The codes, in one statement.
      let started = performance.now();
      await db.query(
        `INSERT INTO short_links (member_id, domain, code, target)
         SELECT $1, '', ${CODE_SQL}, '${TARGET_HEAD}' || i || '${TARGET_TAIL}' FROM generate_series(1, $2::int) AS i`,
        [member.memberId, CODES],
      );
      const insertSeconds = (performance.now() - started) / 1000;
      const [ids] = (
        await db.query(
          `SELECT min(id)::text AS first, max(id)::text AS last, count(*)::int AS n FROM short_links
                         WHERE member_id = $1 AND domain = '' AND code LIKE '0%'`,
          [member.memberId],
        )
      ).rows;
      const first = Number(ids.first);
      const [probe] = (
        await db.query(`SELECT id::text AS id FROM short_links WHERE domain = '' AND code = $1`, [codeOf(CODES)])
      ).rows;
      if (ids.n !== CODES || Number(ids.last) - first + 1 !== CODES || Number(probe?.id) !== first + CODES - 1) {
        throw new Error(`The ${CODES} codes did not get consecutive ids (${JSON.stringify(ids)})`);
      }
      await db.query('ANALYZE short_links');
      process.stdout.write(
        `${CODES} short links inserted in ${insertSeconds.toFixed(1)} s (one INSERT … generate_series)\n`,
      );

      // 2. Redis warm: every code under the run's prefix, as the redirector caches it (`<id> <target>` at
      // `<REDIS_KEY_PREFIX>sl:|<code>`, see RedirectLookup).
      if (redis) {
        started = performance.now();
        const ttl = 3600;
        for (let i = 1; i <= CODES; i += 10_000) {
          const pipeline = redis.pipeline();
          for (let j = i; j < Math.min(CODES + 1, i + 10_000); j += 1) {
            pipeline.set(`${ctx.redisPrefix}sl:|${codeOf(j)}`, `${first + j - 1} ${targetOf(j)}`, 'EX', ttl);
          }
          await pipeline.exec();
        }
        process.stdout.write(
          `Redis warmed with ${CODES} codes in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        );
      }

      // 3. The bare server, holding the same codes (a TSV file: code, target).
      const targetsFile = join(dir, 'targets.tsv');
      const lines: string[] = [];
      for (let i = 1; i <= CODES; i += 1) lines.push(`${codeOf(i)}\t${targetOf(i)}`);
      writeFileSync(targetsFile, lines.join('\n'));
      lines.length = 0;
      const bare = await ApiProcess.start({
        script: 'bench/redirect/baseline.ts',
        env: { REDIRECT_HOST, REDIRECT_TARGETS_FILE: targetsFile, NODE_ENV: 'production' },
        readyTimeoutMs: 2 * READY_TIMEOUT_MS,
      });
      processes.push(bare);

      const clicksNow = async () =>
        Number(
          (
            await db.query(
              `SELECT COALESCE(sum(t.clicks + t.bot_clicks), 0)::bigint AS c
                 FROM short_link_clicks t JOIN short_links s ON s.id = t.short_link_id WHERE s.member_id = $1`,
              [member.memberId],
            )
          ).rows[0].c,
        );
      const xacts = async () =>
        Number(
          (await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0]
            .xact_commit,
        );

      const distributions: Record<string, () => Pick> = {
        hot: () => cycle(HOT_CODES),
        zipf: () => zipf(CODES),
        uniform: () => uniform(CODES),
        // Each of MEMORY_CODES codes once, past the hot ones (those are cached by the warm-up).
        memory: () => {
          let i = 0;
          return () => HOT_CODES + (i++ % MEMORY_CODES) + 1;
        },
      };
      /**
       * The bare server under one law, measured right before each redirector case of that law (kept running beside
       * them), so that each ratio compares two figures a few seconds apart on the shared machine. The last figure of
       * each law is kept for the table's bare columns.
       */
      const bareRate: Record<string, number> = {};
      const bareCpu: Record<string, number> = {};
      const bareSys: Record<string, number> = {};
      /** The machine's load average (1 min) as each figure ended (the machine is shared). */
      const bareLoad: Record<string, number> = {};
      const bareWarmed = new Set<string>();
      const measureBare = async (name: string) => {
        await load(bare.url, cycle(HOT_CODES), { seconds: bareWarmed.has(name) ? 1 : SETTINGS.warmupSeconds });
        bareWarmed.add(name);
        const before = processCpuTimes(bare.pid!);
        const run = await load(bare.url, distributions[name](), { seconds: SETTINGS.seconds });
        const after = processCpuTimes(bare.pid!);
        bareCpu[name] = (after.cpu - before.cpu) / run.requests;
        bareSys[name] = (after.sys - before.sys) / run.requests;
        if (run.errors > 0) throw new Error(`bare server: ${run.errors} answers were not 302 (${name})`);
        bareRate[name] = run.requests / run.seconds;
        bareLoad[name] = round(loadavg()[0], 1);
        process.stdout.write(
          `  bare, ${name}: ${round(bareRate[name], 0)} req/s, ${round(bareCpu[name], 1)} cpu us/req, load ${bareLoad[name]}` +
            `${run.generatorCpuPercent !== undefined ? `, wrk at ${run.generatorCpuPercent}% of a core` : ''}\n`,
        );
      };

      const allFlushes: Array<Flush & { case: string }> = [];
      const rows: Row[] = [];
      let emptyPrefixes = 0;
      const runCase = async (
        name: string,
        distribution: string,
        redisState: 'warm' | 'empty',
        options: { total?: number; env?: Record<string, string>; probeMemory?: boolean; mounted?: boolean } = {},
      ) => {
        const port = String(await freePort());
        const prefix = redisState === 'warm' ? ctx.redisPrefix : `${ctx.redisPrefix}empty${(emptyPrefixes += 1)}:`;
        // Standalone (`apps/redirector`), or the api with the redirector mounted (`npm start`'s default).
        const redirector = await ApiProcess.start({
          ...(options.mounted ? {} : { script: 'apps/redirector/src/main.ts' }),
          env: ctx.apiEnv({ PORT: port, REDIRECTOR_PORT: port, REDIS_KEY_PREFIX: prefix, ...options.env }),
          readyTimeoutMs: READY_TIMEOUT_MS,
          // The memory case reads the process's memory after a full garbage collection (over IPC), so that what
          // it reports is what the cache holds, not the garbage the load left waiting for the collector.
          ...(options.probeMemory
            ? { nodeArgs: [...ctx.nodeArgs(), ...MEMORY_PROBE_ARGS], ipc: true }
            : { nodeArgs: ctx.nodeArgs() }),
        });
        processes.push(redirector);
        const pid = redirector.pid!;
        const clicksBefore = await clicksNow();
        // JIT warm-up on the 200 hot codes (ranks 1..200 of the Zipf law: cached within moments anyway).
        const warm = await load(redirector.url, cycle(HOT_CODES), { seconds: SETTINGS.warmupSeconds });
        // After a full collection; `settleMs` first lets the process rest (see bench/lib/memory-probe.js).
        const collected = async (settleMs = 0) => (options.probeMemory ? probedMemory(redirector, settleMs) : null);
        const gcBefore = await collected(REST_MS);
        // The bare server under the same law just before (see `measureBare`).
        if (redisState === 'warm' && distribution in BARE_LAWS) await measureBare(distribution);
        const rssBefore = rssMb(pid);
        const [cpu0, xact0, redis0] = [processCpuTimes(pid), await xacts(), await redisCalls(redis)];
        const pick = distributions[distribution]();
        let rssMid = NaN;
        let run: Run;
        if (options.total) {
          // In two halves, RSS read between them: the second half's growth is the marginal cost of a code.
          const half = Math.floor(options.total / 2);
          const a = await load(redirector.url, pick, { total: half });
          rssMid = rssMb(pid);
          const b = await load(redirector.url, pick, { total: options.total - half });
          run = {
            requests: a.requests + b.requests,
            found: a.found + b.found,
            errors: a.errors + b.errors,
            seconds: a.seconds + b.seconds,
            p99Ms: Math.max(a.p99Ms, b.p99Ms),
            sent: a.sent + b.sent,
          };
        } else {
          run = await load(redirector.url, pick, { seconds: SETTINGS.seconds });
        }
        const [cpu1, xact1, redis1] = [processCpuTimes(pid), await xacts(), await redisCalls(redis)];
        const loadNow = round(loadavg()[0], 1);
        const rssAfter = rssMb(pid);
        const gcAfter = await collected();
        const restAfter = await collected(REST_MS);
        await redirector.stop();
        const flushes = flushesIn(redirector.logs());
        const clicksAfter = await clicksNow();
        const answered = warm.found + run.found;
        const sent = warm.sent + run.sent;
        allFlushes.push(...flushes.map((flush) => ({ case: name, ...flush })));
        const rate = run.requests / run.seconds;
        // Every 302 received was counted, and nothing beyond the requests sent (wrk stops with one per
        // connection in flight, which the server may have answered and counted; autocannon's chunks end exact).
        const complete = clicksAfter - clicksBefore >= answered && clicksAfter - clicksBefore <= sent;
        const row: Row = {
          case: name,
          server: options.mounted ? 'api, mounted' : 'standalone',
          'req/s': round(rate, 0),
          'ratio to hot': null,
          'ratio to bare':
            redisState === 'warm' && bareRate[distribution] ? round(rate / bareRate[distribution], 2) : null,
          'p99 ms': run.p99Ms,
          'cpu us/req': round((cpu1.cpu - cpu0.cpu) / run.requests, 1),
          'bare cpu us/req': redisState === 'warm' && bareCpu[distribution] ? round(bareCpu[distribution], 1) : null,
          // The kernel's part of each (system time: socket reads and writes, polling).
          'sys us/req': round((cpu1.sys - cpu0.sys) / run.requests, 1),
          'bare sys us/req': redisState === 'warm' && bareSys[distribution] ? round(bareSys[distribution], 1) : null,
          'generator cpu %': run.generatorCpuPercent ?? null,
          'rss mb': round(rssAfter, 0),
          'max flush ms': flushes.length ? Math.max(...flushes.map((f) => f.ms)) : null,
          'max flush rows': flushes.length ? Math.max(...flushes.map((f) => f.rows)) : null,
          flushes: flushes.length,
          'pg xact/s': round((xact1 - xact0) / run.seconds, 0),
          'redis cmd/s': redis ? round((redis1 - redis0) / run.seconds, 0) : null,
          'bare req/s': redisState === 'warm' && bareRate[distribution] ? round(bareRate[distribution], 0) : null,
          errors: warm.errors + run.errors,
          'clicks complete': complete,
          'load 1m': loadNow,
          'bare load 1m': redisState === 'warm' ? (bareLoad[distribution] ?? null) : null,
        };
        if (!complete) {
          process.stdout.write(
            `  ${name}: clicks rose by ${clicksAfter - clicksBefore}, ${answered} 302s answered, ${sent} sent\n`,
          );
        }
        process.stdout.write(`  ${name}: ${JSON.stringify(row)}\n`);
        rows.push(row);
        return { row, rssBefore, rssMid, rssAfter, gcBefore, gcAfter, restAfter, run };
      };

      const laws: Array<[string, string]> = [
        ['hot', '200 hot codes'],
        ['zipf', `Zipf s=1 over ${CODES}, Redis warm`],
        ['uniform', `uniform over ${CODES}, Redis warm`],
      ];
      for (const [law, label] of laws) {
        if (!CASES.has(law)) continue;
        await runCase(label, law, 'warm');
        if (CASES.has('mounted')) await runCase(label, law, 'warm', { mounted: true });
      }
      if (CASES.has('empty')) {
        if (CASES.has('zipf')) await runCase(`Zipf s=1 over ${CODES}, Redis empty`, 'zipf', 'empty');
        if (CASES.has('uniform')) await runCase(`uniform over ${CODES}, Redis empty`, 'uniform', 'empty');
      }
      // Memory: MEMORY_CODES distinct codes, one request each, every one kept (cache max = MEMORY_CODES), the
      // clicks written in one flush at shutdown.
      const memory = CASES.has('memory')
        ? await runCase(`memory: ${MEMORY_CODES} codes cached, Redis warm`, 'memory', 'warm', {
            total: MEMORY_CODES,
            probeMemory: true,
            // One flush at shutdown when that many counters fit under the pending cap (200,000), else the usual 5 s.
            env: {
              SHORT_LINK_CACHE_MAX: String(MEMORY_CODES),
              ...(MEMORY_CODES <= 150_000 ? { CLICK_FLUSH_INTERVAL_MS: '300000' } : {}),
            },
          })
        : null;
      // Each server's rows against its own hot case.
      for (const row of rows) {
        const hot = rows.find((other) => other.case === '200 hot codes' && other.server === row.server);
        row['ratio to hot'] = hot ? round((row['req/s'] as number) / (hot['req/s'] as number), 2) : null;
      }
      printTable(
        `GET /<code> → 302 over ${CODES} codes, ${SETTINGS.connections} connections, ${SETTINGS.seconds} s per case, ` +
          `fresh process per case, ${generator()} (${ctx.storage})`,
        rows,
      );
      const memoryFigures = memory ? memoryReport(memory) : null;
      process.stdout.write(`Flushes (rows, ms): ${allFlushes.map((f) => `${f.rows}/${f.ms}`).join(' ')}\n`);
      return {
        storage: ctx.storage,
        codes: CODES,
        insert_seconds: round(insertSeconds, 1),
        bare: Object.fromEntries(Object.entries(bareRate).map(([k, v]) => [k, round(v, 0)])),
        bare_cpu_us_per_request: Object.fromEntries(Object.entries(bareCpu).map(([k, v]) => [k, round(v, 1)])),
        bare_load_1m: bareLoad,
        memory: memoryFigures,
        flushes: allFlushes,
        rows,
      };
    } finally {
      for (const service of processes) await service.dispose().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      await db.end().catch(() => undefined);
      redis?.disconnect();
    }
  },
};
