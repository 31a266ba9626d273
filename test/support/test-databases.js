/**
 * The e2e tests' databases, migrated once per run instead of once per app a test boots:
 * - with `DATABASE_URL` (PostgreSQL): before the first e2e file, the database `<name>__template` is made and migrated;
 *   each worker of each lane then gets a copy of its own, `<name>__<lane><worker>` (`CREATE DATABASE … TEMPLATE …`,
 *   made at its first file), and `DATABASE_URL` points there for every file it runs (the files of one worker
 *   run one after the other, each test app empties the tables). The database `DATABASE_URL` names is not written.
 *   These databases are dropped at the end of the run, and any left by an earlier run at its start.
 * - without (the embedded database): an in-memory database is migrated once and PGlite's dump of its data folder
 *   written to a temporary file; every test app starts from it (`DATA_DIR=memory://<file>`: `TEST_DATA_DIR`, read by
 *   test/support/test-app.ts).
 * Used by the projects' globalSetup and globalTeardown (test/support/e2e-setup.js) and setupFiles
 * (test/support/e2e-worker.js), see jest.config.js.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/** The test apps' `DATA_DIR` on the embedded database (`memory://<dump>`, set by `prepareDatabases`; test-app.ts). */
const DATA_DIR_VARIABLE = 'TEST_DATA_DIR';

function withDatabase(url, name) {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** The databases a run makes beside `<name>`: the template, the workers' copies, and what tests make of those. */
function madeByRuns(url, names) {
  const escaped = databaseName(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}__(template|[a-z]+\\d+(_[a-z]+)?)$`);
  return names.filter((name) => pattern.test(name));
}

async function withAdmin(url, work) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

async function dropMadeByRuns(url) {
  await withAdmin(url, async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database');
    for (const name of madeByRuns(
      url,
      rows.map((row) => row.datname),
    ))
      await client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
  });
}

/** Runs test/support/migrated-database.ts from the sources (migrations are TypeScript). */
function migrate(env, args) {
  const result = spawnSync(
    process.execPath,
    [
      '-r',
      join(ROOT, 'scripts/ts-register.js'),
      '-r',
      'tsconfig-paths/register',
      join(ROOT, 'test/support/migrated-database.ts'),
      ...args,
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  if (result.status !== 0) throw new Error(`The test database could not be migrated:\n${result.stderr}`);
}

let prepared = null;
/** The folder of the embedded dump, removed at the end. */
let dumpDir = null;

/** Migrates the run's template (PostgreSQL) or embedded dump, once however many projects ask. */
function prepareDatabases() {
  prepared ??= (async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      await dropMadeByRuns(url);
      const template = `${databaseName(url)}__template`;
      await withAdmin(url, (client) => client.query(`CREATE DATABASE ${quote(template)}`));
      migrate({ DATABASE_URL: withDatabase(url, template) }, []);
      return;
    }
    dumpDir = mkdtempSync(join(tmpdir(), 'linkconv-test-db-'));
    const file = join(dumpDir, 'migrated.tar');
    migrate({}, [file]);
    process.env[DATA_DIR_VARIABLE] = `memory://${file}`;
  })();
  return prepared;
}

/** Drops what `prepareDatabases` and the workers made. */
async function removeDatabases() {
  const url = process.env.DATABASE_URL;
  if (url) await dropMadeByRuns(url);
  if (dumpDir) rmSync(dumpDir, { recursive: true, force: true });
}

/**
 * In a worker, before each test file: `DATABASE_URL` set to this worker's copy of the template (made at its first
 * file). `lane` names the worker pool (jest.config.js: a project's `globals.TEST_LANE`), whose worker ids repeat.
 */
async function useWorkerDatabase(env, lane) {
  const url = env.DATABASE_URL;
  if (!url) return;
  const name = `${databaseName(url)}__${lane}${env.JEST_WORKER_ID ?? '1'}`;
  await withAdmin(url, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0)
      await client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(`${databaseName(url)}__template`)}`);
  });
  env.DATABASE_URL = withDatabase(url, name);
}

module.exports = { prepareDatabases, removeDatabases, useWorkerDatabase };
