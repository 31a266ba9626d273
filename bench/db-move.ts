/**
 * `npm run bench:db-move`: the move of a large embedded database to PostgreSQL, timed and verified
 * (docs/benchmarks.md "Moving the embedded database to PostgreSQL"). Seeds an embedded database in a temporary
 * DATA_DIR with SQL `generate_series` (BENCH_MOVE_LINKS short links, default 100,000, each with
 * BENCH_MOVE_DAYS daily click rows of one click, default 10: 1,000,000 clicks), then runs the real commands as
 * processes: `db:backup` of it (stopped) and `db:move` into a fresh database `<DATABASE_URL's name>_bench_move` on
 * DATABASE_URL's server (created and dropped here). Prints the times, the rows of each table as the move verified
 * them, and the click total PostgreSQL holds afterwards; writes bench/results/db-move-*.json.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dataSourceOptions, initializeWithMigrations } from '@app/database';
import { nodeArgsFor, ROOT } from '../test/support/api-process';
import { MIGRATIONS } from '../apps/api/src/migrations';
import { printTable, writeResult } from './lib/report';
import { machine } from './lib/settings';

const LINKS = Number(process.env.BENCH_MOVE_LINKS ?? 100_000);
const DAYS = Number(process.env.BENCH_MOVE_DAYS ?? 10);
const MEMBERS = 100;
const GNU_TIME = '/usr/bin/time';

async function seed(dataDir: string): Promise<number> {
  const started = Date.now();
  const dataSource = await initializeWithMigrations(dataSourceOptions({ embeddedDir: dataDir }, [], MIGRATIONS));
  try {
    await dataSource.query(
      `INSERT INTO members (email, password_hash, plan)
       SELECT 'bench-' || g || '@example.com', 'not-a-hash', 'pro' FROM generate_series(1, ${MEMBERS}) g`,
    );
    await dataSource.query(
      `INSERT INTO short_links (member_id, domain, code, target, created_at, sub_id)
       SELECT m.ids[1 + g % ${MEMBERS}], 'go.bench', lpad(to_hex(g), 7, '0'),
              'https://shopee.vn/product/55501/' || g, timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
              CASE WHEN g % 3 = 0 THEN 'post' || (g % 50) ELSE '' END
       FROM generate_series(1, ${LINKS}) g, (SELECT array_agg(id ORDER BY email) AS ids FROM members) m`,
    );
    await dataSource.query(
      `INSERT INTO short_link_clicks (short_link_id, day, clicks, bot_clicks, last_click_at)
       SELECT l.id, date '2026-01-01' + d, 1, d % 2, timestamptz '2026-01-01 12:00:00+00' + d * interval '1 day'
       FROM short_links l, generate_series(0, ${DAYS - 1}) d`,
    );
  } finally {
    await dataSource.destroy();
  }
  return Date.now() - started;
}

/**
 * Runs the CLI as a process; its JSON answer, the wall time and (with GNU time) the CPU seconds the process used
 * (user + system; the PostgreSQL server's own work is not in it). On a machine shared with other jobs the wall
 * time stretches with the load; the CPU time does much less.
 */
async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ answer: Record<string, unknown>; ms: number; cpuSeconds: number | null }> {
  const started = Date.now();
  const timeFile = join(tmpdir(), `linkconv-bench-time-${process.pid}-${started}`);
  const command = existsSync(GNU_TIME)
    ? [GNU_TIME, '-f', '%U %S', '-o', timeFile, process.execPath, ...nodeArgsFor('cli', args)]
    : [process.execPath, ...nodeArgsFor('cli', args)];
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`cli ${args[0]} failed with exit code ${code}`);
  let cpuSeconds: number | null = null;
  if (existsSync(timeFile)) {
    const [user, system] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    cpuSeconds = Math.round((user + system) * 10) / 10;
    rmSync(timeFile, { force: true });
  }
  return { answer: JSON.parse(stdout) as Record<string, unknown>, ms: Date.now() - started, cpuSeconds };
}

async function admin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('Set DATABASE_URL: the PostgreSQL server to move to (a database of its own is made)');
  const target = new URL(base);
  const name = `${target.pathname.slice(1)}_bench_move`;
  target.pathname = `/${name}`;
  const server = new URL(base);
  server.pathname = '/postgres';
  const m = machine();
  process.stdout.write(`Machine: ${m.cpu}, ${m.cores} cores, Node ${m.node}, load ${m.load_average_1m}\n`);

  const dataDir = mkdtempSync(join(tmpdir(), 'linkconv-bench-move-'));
  try {
    process.stdout.write(`Seeding ${LINKS} short links × ${DAYS} days of clicks into ${dataDir}…\n`);
    const seedMs = await seed(dataDir);
    const env = { DATA_DIR: dataDir, NODE_OPTIONS: '' };

    const backupFile = join(dataDir, 'bench.backup.gz');
    const backup = await cli(['db:backup', '--out', backupFile], env);

    await admin(server.toString(), async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
    });
    const move = await cli(['db:move', '--to', target.toString(), '--secrets-out', join(dataDir, 'moved.env')], env);
    const tables = move.answer.tables as Array<{ table: string; rows: number; checksum: string }>;
    const held = await admin(target.toString(), async (client) => {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM short_links)::int AS links, (SELECT count(*) FROM short_link_clicks)::int AS click_rows,
                (SELECT sum(clicks) FROM short_link_clicks)::int AS clicks`,
      );
      return rows[0] as { links: number; click_rows: number; clicks: number };
    });
    await admin(server.toString(), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

    const totalRows = tables.reduce((sum, t) => sum + t.rows, 0);
    printTable(
      'db:move (embedded → PostgreSQL), verified by count and checksum per table',
      tables.filter((t) => t.rows > 0).map((t) => ({ table: t.table, rows: t.rows, checksum: t.checksum })),
    );
    const summary = {
      links: LINKS,
      clicks_expected: LINKS * DAYS,
      seed_seconds: seedMs / 1000,
      backup_seconds_wall: backup.ms / 1000,
      backup_cpu_seconds: backup.cpuSeconds,
      backup_bytes: statSync(backupFile).size,
      move_seconds_in_command: move.answer.seconds as number,
      move_seconds_wall: move.ms / 1000,
      move_cpu_seconds: move.cpuSeconds,
      rows_moved: totalRows,
      postgres_links: held.links,
      postgres_click_rows: held.click_rows,
      postgres_clicks: held.clicks,
      verified: held.links === LINKS && held.clicks === LINKS * DAYS,
    };
    printTable('summary', [summary]);
    process.stdout.write(`(written to ${writeResult('db-move', { machine: m, summary, tables })})\n`);
    if (!summary.verified) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
