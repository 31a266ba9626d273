/**
 * `npm run bench:compare -- <git ref> [--rounds 3] [--seconds 8] [--warmup 3] [--connections 16] [--links 5]`:
 * the convert call of the working tree against the same call of `<ref>`, side by side in one run, so a change to
 * the request path quotes what it costs against the commit it started from (docs/benchmarks.md).
 *
 * Both trees are built (`nest build api`; `<ref>` in a git worktree of its own under the system's temporary folder,
 * kept for the next comparison against the same commit, its node_modules linked to this tree's when the lock files
 * are the same, else installed with `npm ci`). Each api runs from its build as production runs it, on a database of
 * its own (a fresh PostgreSQL database beside DATABASE_URL's, dropped afterwards, or an embedded one in a temporary
 * folder) and a Redis key prefix of its own (REDIS_URL), with a Pro member made by its own CLI. Then, in alternating
 * rounds (ref, working tree, ref, ...) so that the machine's drift hits both, the same `affiliate` call with two sub
 * ids is sent in a closed loop (wrk when installed, see bench/lib/wrk.ts) after a warm-up: calls/s, the api
 * process's CPU per call (user + system from /proc, every thread, over the calls answered) and p99. It prints each
 * round, the medians and the working tree's ratios to `<ref>`.
 *
 * Measure on a quiet machine: nothing else running (another job's load reads as a regression or hides one).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { deleteRedisKeys } from '../test/support/abuse-stores';
import { freePort, PROCESS_SECRETS } from '../test/support/api-process';
import { measureThroughput, medianThroughput, type Throughput } from './lib/load';
import { printTable, round, type Row } from './lib/report';
import { dealText } from './lib/texts';

const ROOT = resolve(__dirname, '..');
const MAIN = 'dist/apps/api/apps/api/src/main.js';
const CLI = 'dist/apps/api/apps/api/src/cli.js';

interface Tree {
  label: string;
  dir: string;
}

interface Running {
  tree: Tree;
  process: ChildProcess;
  url: string;
  headers: Record<string, string>;
  cleanUp: () => Promise<void>;
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** `<ref>` checked out and built in a worktree of its own (kept for the next comparison against that commit). */
function prepareRef(ref: string): Tree {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT })
    .toString()
    .trim();
  const dir = join(tmpdir(), `linkconv-compare-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, '.git'))) {
    rmSync(dir, { recursive: true, force: true });
    run('git', ['worktree', 'prune'], ROOT);
    run('git', ['worktree', 'add', '--detach', dir, sha], ROOT);
  }
  if (!existsSync(join(dir, 'node_modules'))) {
    const sameLock =
      readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
    if (sameLock) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  if (!existsSync(join(dir, MAIN))) {
    process.stdout.write(`Building ${ref} (${sha.slice(0, 12)}) in ${dir}\n`);
    run('npx', ['nest', 'build', 'api'], dir);
  }
  return { label: `${ref} (${sha.slice(0, 7)})`, dir };
}

/** A database of its own for one api: beside DATABASE_URL's on the same server, or embedded in a folder. */
async function databaseFor(tag: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), `linkconv-compare-${tag}-`));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `linkconv_compare_${tag}_${randomUUID().slice(0, 8)}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts `tree`'s api from its build, with a Pro member of its own; answers where to send its calls. */
async function start(tree: Tree, tag: string, body: string): Promise<Running> {
  const database = await databaseFor(tag);
  const prefix = `linkconv-compare:${tag}:${randomUUID().slice(0, 8)}:`;
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...PROCESS_SECRETS,
    ...database.env,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}),
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    PORT: String(port),
    // Limits high enough not to be what is measured.
    RATE_LIMIT_PRO_PER_KEY: '1000000',
    RATE_LIMIT_PRO_PER_MEMBER: '1000000',
    LINK_BUDGET_PRO_PER_KEY: '100000000',
    LINK_BUDGET_PRO_PER_MEMBER: '100000000',
  };
  const created = execFileSync(
    process.execPath,
    [
      CLI,
      'members:create',
      '--email',
      `compare-${tag}-${randomUUID().slice(0, 8)}@bench.invalid`,
      '--password-stdin',
      '--plan',
      'pro',
    ],
    { cwd: tree.dir, env, input: `${randomUUID()}\n`, stdio: ['pipe', 'pipe', 'ignore'] },
  ).toString();
  const member = JSON.parse(
    created
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .pop()!,
  ) as {
    api_key: string;
    api_token: string;
  };
  const child = spawn(process.execPath, [MAIN], { cwd: tree.dir, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', 'x-api-key': member.api_key, 'x-api-token': member.api_token };
  const cleanUp = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await database.drop().catch(() => undefined);
    if (process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, prefix).catch(() => 0);
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${tree.label}: the api exited with ${child.exitCode}`);
      const status = await fetch(`${url}/health`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${tree.label}: the api did not answer /health in 120 s`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const check = await fetch(`${url}/api/convert`, { method: 'POST', headers, body });
    const answer = (await check.json()) as { summary?: { success?: number; total?: number } };
    if (check.status !== 200 || !answer.summary?.total || answer.summary.success !== answer.summary.total) {
      throw new Error(`${tree.label}: convert answered ${check.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return { tree, process: child, url, headers, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      links: { type: 'string', default: '5' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const [ref] = positionals;
  if (!ref || positionals.length > 1) {
    throw new Error(
      'usage: npm run bench:compare -- <git ref> [--rounds N] [--seconds S] [--warmup S] [--connections N] [--links N]',
    );
  }
  const [rounds, seconds, warmupSeconds, connections, links] = [
    values.rounds,
    values.seconds,
    values.warmup,
    values.connections,
    values.links,
  ].map(Number);
  const body = JSON.stringify({
    mode: 'affiliate',
    affiliate_id: '17345510000',
    sub_ids: ['fb', 'post1'],
    content: dealText(links),
  });
  const before = prepareRef(ref);
  if (!values['no-build']) run('npm', ['run', '-s', 'build'], ROOT);
  const working: Tree = { label: 'working tree', dir: ROOT };
  process.stdout.write(
    `Comparing ${working.label} with ${before.label}: ${links}-link affiliate call, ${rounds} alternating rounds of ` +
      `${seconds} s after ${warmupSeconds} s, ${connections} connections, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}${process.env.REDIS_URL ? ' + Redis' : ''}\n`,
  );
  const apis: Running[] = [];
  try {
    apis.push(await start(before, 'ref', body), await start(working, 'work', body));
    const results = new Map<Running, Throughput[]>(apis.map((api) => [api, []]));
    const rows: Row[] = [];
    for (let r = 1; r <= rounds; r++) {
      for (const api of apis) {
        const load = loadavg()[0];
        const result = await measureThroughput(
          { url: `${api.url}/api/convert`, method: 'POST', headers: api.headers, body },
          { seconds, warmupSeconds, connections, serverPid: api.process.pid },
        );
        results.get(api)!.push(result);
        const row = {
          round: r,
          tree: api.tree.label,
          'calls/s': round(result.requestsPerSecond, 0),
          'CPU µs/call': round(result.serverCpuUsPerRequest ?? NaN, 0),
          'p99 ms': result.p99Ms,
          errors: result.errors,
          load: round(load, 2),
        };
        rows.push(row);
        process.stdout.write(`${JSON.stringify(row)}\n`);
      }
    }
    printTable('Each round', rows);
    const figures = apis.map((api) => medianThroughput(results.get(api)!));
    const [ref0, work] = figures;
    const cpu = (figure: Throughput) => figure.serverCpuUsPerRequest ?? NaN;
    printTable('Medians', [
      ...apis.map((api, i) => ({
        tree: api.tree.label,
        'calls/s': round(figures[i].requestsPerSecond, 0),
        'CPU µs/call': round(cpu(figures[i]), 0),
        'p99 ms': round(figures[i].p99Ms, 1),
      })),
      {
        tree: 'working tree / ref',
        'calls/s': round(work.requestsPerSecond / ref0.requestsPerSecond, 2),
        'CPU µs/call': round(cpu(work) / cpu(ref0), 2),
        'p99 ms': round(work.p99Ms / ref0.p99Ms, 2),
      },
    ]);
  } finally {
    for (const api of apis) await api.cleanUp();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
