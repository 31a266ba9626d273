import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { DataSource, type DataSourceOptions, type QueryRunner } from 'typeorm';
import { dataSourceOptions, type DatabaseTarget, type MigrationList } from './data-source-options';
import { initializeWithMigrations } from './run-migrations';

/**
 * Backups, restores and the move from the embedded database to PostgreSQL (`npm run -s cli -- db:backup | db:restore
 * | db:move`, docs/operations.md "Backups"). One logical format for both kinds of database, so a backup of either
 * restores into either: every table's rows as `row_to_json` text, read in one statement (one snapshot, also through
 * the running service's socket, where every client shares PGlite's single session and a transaction would not
 * isolate anything), loaded with `json_populate_recordset` (PostgreSQL parses every value: numerics stay exact),
 * tables in the order their foreign keys require (read from the catalog), then verified by a row count and a
 * checksum per table, and only then migrated to the code's version.
 */

export const BACKUP_FORMAT = 'linkconv-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  source: 'embedded' | 'postgresql';
  server_version: string;
  /** The session time zone the rows were written in (`timestamptz` in `row_to_json`): the checksums depend on it. */
  time_zone: string;
  schema: { last_migration: string | null; migrations: string[] };
  /** Every table, parents before children. */
  tables: string[];
  /** Only with `--with-secrets`: the four secrets of the embedded deployment (see `secrets_warning`). */
  secrets?: Record<string, string>;
  secrets_warning?: string;
}

export interface TableSummary {
  rows: number;
  /** Sum of the first 60 bits of each row's md5 (order-independent), as a decimal string. */
  checksum: string;
}

export interface BackupTrailer {
  end: true;
  tables: Record<string, TableSummary>;
  /** Each sequence's last value when the rows were read (at least the snapshot's). */
  sequences: Record<string, string | null>;
}

export type BackupRecord =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'rows'; table: string; rows: string[] }
  | { kind: 'trailer'; trailer: BackupTrailer };

/** A problem that stops a backup, restore or move: the message says what to do. */
export class TransferError extends Error {}

const CURSOR = 'linkconv_backup';
const FETCH_ROWS = 5000;
const INSERT_BATCH_ROWS = 2000;
const INSERT_BATCH_CHARS = 4 * 1024 * 1024;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The same checksum of one row's JSON text that `TABLE_CHECKSUM_SQL` computes in the database. */
export function rowChecksum(json: string): bigint {
  return BigInt(`0x${createHash('md5').update(json, 'utf8').digest('hex').slice(0, 15)}`);
}

function checksumSql(table: string): string {
  return (
    `SELECT count(*)::text AS rows, coalesce(sum(('x' || substr(md5(row_to_json(x)::text), 1, 15))::bit(60)::bigint), 0)` +
    `::text AS checksum FROM ${quoteIdent(table)} x`
  );
}

/** Row count and checksum of each table, read by the database itself. */
export async function tableSummaries(runner: QueryRunner, tables: string[]): Promise<Record<string, TableSummary>> {
  const result: Record<string, TableSummary> = {};
  for (const table of tables) {
    const [row] = (await runner.query(checksumSql(table))) as Array<{ rows: string; checksum: string }>;
    result[table] = { rows: Number(row.rows), checksum: row.checksum };
  }
  return result;
}

/** The tables of the schema `public` (the migrations' own bookkeeping table aside). */
async function userTables(runner: QueryRunner): Promise<string[]> {
  const rows = (await runner.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'migrations' ORDER BY c.relname`,
  )) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/**
 * Every table of the schema, parents before children: the order the foreign keys in the catalog require
 * (Kahn's algorithm, by name among equals; a table's reference to itself does not count).
 */
export async function tablesInDependencyOrder(runner: QueryRunner): Promise<string[]> {
  const tables = await userTables(runner);
  const edges = (await runner.query(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public'`,
  )) as Array<{ child: string; parent: string }>;
  return dependencyOrder(tables, edges);
}

export function dependencyOrder(tables: string[], edges: Array<{ child: string; parent: string }>): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((table) => !done.has(table) && [...parents.get(table)!].every((p) => done.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((table) => !done.has(table));
      throw new TransferError(`The foreign keys between ${left.join(', ')} form a cycle: no order to copy them in`);
    }
    for (const table of ready.sort()) {
      order.push(table);
      done.add(table);
    }
  }
  return order;
}

/** The migrations applied to a database, in order; `null` when it has no migrations table (nothing there). */
async function appliedMigrations(runner: QueryRunner): Promise<string[] | null> {
  const [{ present }] = (await runner.query(
    `SELECT to_regclass('public.migrations') IS NOT NULL AS present`,
  )) as Array<{
    present: boolean;
  }>;
  if (!present) return null;
  const rows = (await runner.query(`SELECT name FROM migrations ORDER BY timestamp, id`)) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/**
 * Reads a whole database as backup records: the header, every table's rows (one statement, one snapshot: a holdable
 * cursor over all the tables, fetched in batches, so the service's statements interleave between the fetches
 * without changing what is read), then the trailer with the counts and checksums of what was read.
 */
export async function* readDatabase(
  runner: QueryRunner,
  source: BackupHeader['source'],
  secrets?: Record<string, string>,
  note: (message: string) => void = () => undefined,
): AsyncGenerator<BackupRecord> {
  const migrations = await appliedMigrations(runner);
  if (migrations === null || migrations.length === 0) {
    throw new TransferError('The database has no schema (no migration has run): nothing to back up');
  }
  const tables = await tablesInDependencyOrder(runner);
  const [{ version, time_zone }] = (await runner.query(
    `SELECT current_setting('server_version') AS version, current_setting('TimeZone') AS time_zone`,
  )) as Array<{ version: string; time_zone: string }>;
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: new Date().toISOString(),
    source,
    server_version: version,
    time_zone,
    schema: { last_migration: migrations[migrations.length - 1], migrations },
    tables,
  };
  if (secrets) {
    header.secrets = secrets;
    header.secrets_warning =
      'This file holds the deployment secrets: with it anyone can check every API key and token, sign sessions and ' +
      'decrypt every saved member secret. Keep it as private as the DATA_DIR it came from.';
  }
  yield { kind: 'header', header };

  const summaries = new Map(tables.map((table) => [table, { rows: 0, sum: 0n }]));
  if (tables.length > 0) {
    const union = tables
      .map((table, index) => `SELECT ${index} AS t, row_to_json(x)::text AS r FROM ${quoteIdent(table)} x`)
      .join(' UNION ALL ');
    // Materialized when the statement ends: the one moment the embedded service's statements wait for.
    const snapshotStarted = Date.now();
    await runner.query(`DECLARE ${CURSOR} NO SCROLL CURSOR WITH HOLD FOR ${union}`);
    note(`Read a consistent snapshot of ${tables.length} tables in ${(Date.now() - snapshotStarted) / 1000} s`);
    try {
      for (;;) {
        const batch = (await runner.query(`FETCH FORWARD ${FETCH_ROWS} FROM ${CURSOR}`)) as Array<{
          t: number;
          r: string;
        }>;
        if (batch.length === 0) break;
        let start = 0;
        for (let i = 1; i <= batch.length; i++) {
          if (i < batch.length && batch[i].t === batch[start].t) continue;
          const table = tables[batch[start].t];
          const rows = batch.slice(start, i).map((row) => row.r);
          const summary = summaries.get(table)!;
          for (const row of rows) summary.sum += rowChecksum(row);
          summary.rows += rows.length;
          yield { kind: 'rows', table, rows };
          start = i;
        }
      }
    } finally {
      await runner.query(`CLOSE ${CURSOR}`).catch(() => undefined);
    }
  }
  const sequences = (await runner.query(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
  )) as Array<{ name: string; value: string | null }>;
  yield {
    kind: 'trailer',
    trailer: {
      end: true,
      tables: Object.fromEntries(
        [...summaries].map(([table, { rows, sum }]) => [table, { rows, checksum: sum.toString() }]),
      ),
      sequences: Object.fromEntries(sequences.map(({ name, value }) => [name, value])),
    },
  };
}

/**
 * The backup file: gzip of text lines. Line 1 the header (JSON), then one line per row (`<table index>\t<row JSON>`),
 * then the trailer (JSON, `"end": true`): a file cut short has no trailer and is refused. Written to a temporary
 * name (mode 600) and renamed when complete.
 */
export async function writeBackupFile(
  path: string,
  records: AsyncIterable<BackupRecord>,
): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  const temporary = `${path}.partial-${process.pid}`;
  const file = createWriteStream(temporary, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(file);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  let tableIndex = new Map<string, number>();
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  try {
    for await (const record of records) {
      if (record.kind === 'header') {
        header = record.header;
        tableIndex = new Map(record.header.tables.map((table, index) => [table, index]));
        await write(`${JSON.stringify(record.header)}\n`);
      } else if (record.kind === 'rows') {
        const prefix = `${tableIndex.get(record.table)}\t`;
        await write(record.rows.map((row) => `${prefix}${row}\n`).join(''));
      } else {
        trailer = record.trailer;
        await write(`${JSON.stringify(record.trailer)}\n`);
      }
    }
    if (!header || !trailer) throw new TransferError('The backup did not read the whole database');
    gzip.end();
    await finished(file);
    renameSync(temporary, path);
  } catch (error) {
    gzip.destroy();
    file.destroy();
    rmSync(temporary, { force: true });
    throw error;
  }
  return { header, trailer };
}

/** Reads a backup file back as records (the header checked first; a file without its trailer is refused). */
export async function* readBackupFile(path: string): AsyncGenerator<BackupRecord> {
  const input = createReadStream(path).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: BackupHeader | null = null;
  let ended = false;
  let table = '';
  let rows: string[] = [];
  let chars = 0;
  const flush = (): BackupRecord => {
    const record: BackupRecord = { kind: 'rows', table, rows };
    rows = [];
    chars = 0;
    return record;
  };
  try {
    for await (const line of lines) {
      if (header === null) {
        header = parseHeader(line, path);
        yield { kind: 'header', header };
        continue;
      }
      if (ended) throw new TransferError(`${path}: text after the end of the backup`);
      if (line.startsWith('{')) {
        if (rows.length > 0) yield flush();
        ended = true;
        yield { kind: 'trailer', trailer: JSON.parse(line) as BackupTrailer };
        continue;
      }
      const tab = line.indexOf('\t');
      const name = header.tables[Number(line.slice(0, tab))];
      if (tab < 1 || name === undefined) throw new TransferError(`${path}: a line that is not a row of the backup`);
      if (name !== table || rows.length >= INSERT_BATCH_ROWS || chars >= INSERT_BATCH_CHARS) {
        if (rows.length > 0) yield flush();
        table = name;
      }
      const row = line.slice(tab + 1);
      rows.push(row);
      chars += row.length;
    }
  } catch (error) {
    if (error instanceof TransferError) throw error;
    throw new TransferError(`${path} is not a readable backup: ${(error as Error).message}`);
  }
  if (header === null) throw new TransferError(`${path} is empty`);
  if (!ended) throw new TransferError(`${path} is cut short (no end record): the backup did not finish writing`);
}

function parseHeader(line: string, path: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line) as BackupHeader;
  } catch {
    throw new TransferError(`${path} is not a ${BACKUP_FORMAT} file`);
  }
  if (header?.format !== BACKUP_FORMAT) throw new TransferError(`${path} is not a ${BACKUP_FORMAT} file`);
  if (header.format_version > BACKUP_FORMAT_VERSION) {
    throw new TransferError(`${path} was written by a newer version (format ${header.format_version}): update first`);
  }
  return header;
}

/** Reads just the header of a backup file. */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  for await (const record of readBackupFile(path)) {
    if (record.kind === 'header') return record.header;
  }
  throw new TransferError(`${path} is empty`);
}

/**
 * How many of the code's migrations the backup's schema is: its migrations must be the first N of the code's,
 * in order. A backup with a migration the code does not have is newer than the code: refused.
 */
export function migrationsOfBackup(header: BackupHeader, migrations: MigrationList): number {
  const known = migrations.map((migration) => migration.name);
  const theirs = header.schema.migrations;
  const unknown = theirs.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new TransferError(
      `The backup's schema is newer than this code (it has ${unknown.join(', ')}, which this version does not): ` +
        'restore it with the version that made it, or a newer one',
    );
  }
  if (theirs.some((name, index) => known[index] !== name)) {
    throw new TransferError(`The backup's migrations (${theirs.join(', ')}) are not this code's, in its order`);
  }
  return theirs.length;
}

export interface RestoreOptions {
  /** The code's migrations, in order (the api's list). */
  migrations: MigrationList;
  /** Replace a database that has rows. */
  force?: boolean;
  /** Told what is happening (stderr in the CLI). */
  note?: (message: string) => void;
  /** Counts and checksums the rows must also match (the move's, read from the source database itself). */
  expect?: Record<string, TableSummary>;
}

export interface RestoreResult {
  header: BackupHeader;
  tables: Array<{ table: string } & TableSummary>;
  /** The migrations run after the data was in, to bring it to the code's version. */
  migrated: string[];
}

/** The DataSource options of a target for a long transfer: no statement time-out (the pool's is for requests). */
function transferOptions(target: DatabaseTarget, migrations: MigrationList): DataSourceOptions {
  const options = dataSourceOptions(target, [], migrations);
  const extra = (options as { extra?: Record<string, unknown> }).extra;
  return {
    ...options,
    // A CLI run on a busy machine: a longer connect time-out than the service's 3 s.
    ...(extra ? { extra: { ...extra, statement_timeout: 0, connectionTimeoutMillis: 30_000 } } : {}),
  } as DataSourceOptions;
}

/** Opens a database for reading a backup of it (DataSource and one session; close with `destroy`). */
export async function openForReading(target: DatabaseTarget): Promise<{ runner: QueryRunner; close(): Promise<void> }> {
  const dataSource = await new DataSource(transferOptions(target, [])).initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  return {
    runner,
    async close() {
      await runner.release();
      await dataSource.destroy();
    },
  };
}

/**
 * Restores backup records into a database that is empty (no table has a row; `force` replaces one that has):
 * the schema dropped and made again by the backup's own migrations, the rows inserted parents first in one
 * transaction with the sequences set past them, the count and checksum of every table compared with the backup's
 * (a difference rolls everything back and fails), then the rest of the code's migrations run.
 */
export async function restoreRecords(
  target: DatabaseTarget,
  records: AsyncIterable<BackupRecord>,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const note = options.note ?? (() => undefined);
  const iterator = records[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || first.value.kind !== 'header') throw new TransferError('The backup has no header');
  const header = first.value.header;
  const { migrations } = options;
  const count = migrationsOfBackup(header, migrations);

  const dataSource = await new DataSource(transferOptions(target, migrations.slice(0, count))).initialize();
  let tables: RestoreResult['tables'];
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await emptyTarget(runner, options.force === true, note);
      note(`Creating the schema of the backup (${count} migrations, up to ${header.schema.last_migration})`);
      await dataSource.runMigrations({ transaction: 'each' });
      const present = await tablesInDependencyOrder(runner);
      const missing = header.tables.filter((table) => !present.includes(table));
      if (missing.length > 0) {
        throw new TransferError(`The backup has tables its migrations do not make: ${missing.join(', ')}`);
      }
      await runner.startTransaction();
      try {
        tables = await loadRows(runner, header, iterator, note, options.expect);
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
  const pending = migrations.slice(count).map((migration) => migration.name);
  if (pending.length > 0) {
    note(`Running the ${pending.length} migrations the backup is older than`);
    await (await initializeWithMigrations(transferOptions(target, migrations))).destroy();
  }
  return { header, tables, migrated: pending };
}

/**
 * Reads a whole backup file and checks it against its own end record: every table's row count and checksum (the
 * same sums the backup wrote), before anything is done with a target. A file cut short, tampered with, or with rows
 * of a table its header does not name is refused here, the target untouched.
 */
export async function verifyBackupFile(path: string): Promise<BackupTrailer> {
  const found = new Map<string, { rows: number; sum: bigint }>();
  let trailer: BackupTrailer | null = null;
  let header: BackupHeader | null = null;
  for await (const record of readBackupFile(path)) {
    if (record.kind === 'header') header = record.header;
    else if (record.kind === 'trailer') trailer = record.trailer;
    else {
      const summary = found.get(record.table) ?? { rows: 0, sum: 0n };
      for (const row of record.rows) summary.sum += rowChecksum(row);
      summary.rows += record.rows.length;
      found.set(record.table, summary);
    }
  }
  if (!header || !trailer) throw new TransferError(`${path} is cut short (no end record)`);
  const differences: string[] = [];
  for (const table of new Set([...header.tables, ...found.keys(), ...Object.keys(trailer.tables ?? {})])) {
    const got = found.get(table) ?? { rows: 0, sum: 0n };
    const expected = trailer.tables?.[table] ?? { rows: 0, checksum: '0' };
    if (got.rows !== expected.rows || got.sum.toString() !== expected.checksum) {
      differences.push(`${table}: ${got.rows} rows in the file, its end record says ${expected.rows}`);
    }
  }
  if (differences.length > 0) {
    throw new TransferError(
      `${path} does not match its own counts and checksums (cut or changed), nothing was touched: ${differences.join('; ')}`,
    );
  }
  return trailer;
}

/** Restores a backup file (`restoreRecords`), the whole file verified first (`verifyBackupFile`). */
export async function restoreBackupFile(
  target: DatabaseTarget,
  path: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  options.note?.(`Checking ${path} (every row against its counts and checksums)`);
  await verifyBackupFile(path);
  return restoreRecords(target, readBackupFile(path), options);
}

/** Refuses a target that has rows unless forced; drops whatever schema it has (the migrations make it again). */
async function emptyTarget(runner: QueryRunner, force: boolean, note: (message: string) => void): Promise<void> {
  const tables = await userTables(runner);
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = (await runner.query(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table)}) AS filled`)) as Array<{
      filled: boolean;
    }>;
    if (row.filled) filled.push(table);
  }
  if (filled.length > 0 && !force) {
    throw new TransferError(
      `The target database is not empty (rows in ${filled.join(', ')}): restore into an empty database, or pass ` +
        '--force to replace everything in it',
    );
  }
  const [{ present }] = (await runner.query(
    `SELECT to_regclass('public.migrations') IS NOT NULL AS present`,
  )) as Array<{
    present: boolean;
  }>;
  if (tables.length > 0 || present) {
    note(filled.length > 0 ? `Replacing the data in ${filled.join(', ')} (--force)` : 'Dropping the empty schema');
    await runner.query('DROP SCHEMA public CASCADE');
    await runner.query('CREATE SCHEMA public');
  }
}

async function loadRows(
  runner: QueryRunner,
  header: BackupHeader,
  iterator: AsyncIterator<BackupRecord>,
  note: (message: string) => void,
  expect?: Record<string, TableSummary>,
): Promise<RestoreResult['tables']> {
  const loaded = new Map(header.tables.map((table) => [table, 0]));
  let trailer: BackupTrailer | null = null;
  let lastNote = Date.now();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const record = next.value;
    if (record.kind === 'trailer') {
      trailer = record.trailer;
      continue;
    }
    if (record.kind !== 'rows') throw new TransferError('A second header in the backup');
    await insertRows(runner, record.table, record.rows);
    loaded.set(record.table, (loaded.get(record.table) ?? 0) + record.rows.length);
    if (Date.now() - lastNote > 5000) {
      lastNote = Date.now();
      note(`… ${record.table}: ${loaded.get(record.table)} rows`);
    }
  }
  if (!trailer) throw new TransferError('The backup ended without its end record');
  await setSequences(runner, trailer.sequences);
  // The checksums hash each row's JSON text, which shows `timestamptz` in the session's zone: the backup's.
  await runner.query(`SELECT set_config('TimeZone', $1, true)`, [header.time_zone]);
  const summaries = await tableSummaries(runner, header.tables);
  const differences: string[] = [];
  for (const [what, reference] of [
    ['the backup', trailer.tables],
    ['the source database', expect],
  ] as const) {
    if (!reference) continue;
    for (const table of header.tables) {
      const expected = reference[table] ?? { rows: 0, checksum: '0' };
      const got = summaries[table];
      if (got.rows === expected.rows && got.checksum === expected.checksum) continue;
      differences.push(
        `${table}: ${got.rows} rows (checksum ${got.checksum}), ${what} has ${expected.rows} (checksum ${expected.checksum})`,
      );
    }
  }
  if (differences.length > 0) {
    throw new TransferError(`The copied rows differ, nothing was kept: ${differences.join('; ')}`);
  }
  return header.tables.map((table) => ({ table, ...summaries[table] }));
}

/** Each table's insertable columns (generated columns are computed again by the target), read once per restore. */
const insertableColumns = new WeakMap<QueryRunner, Map<string, string>>();

async function columnsOf(runner: QueryRunner, table: string): Promise<string> {
  let tables = insertableColumns.get(runner);
  if (!tables) insertableColumns.set(runner, (tables = new Map()));
  let columns = tables.get(table);
  if (columns === undefined) {
    const rows = (await runner.query(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
       AND attgenerated = '' ORDER BY attnum`,
      [quoteIdent(table)],
    )) as Array<{ name: string }>;
    columns = rows.map((row) => quoteIdent(row.name)).join(', ');
    tables.set(table, columns);
  }
  return columns;
}

async function insertRows(runner: QueryRunner, table: string, rows: string[]): Promise<void> {
  const name = quoteIdent(table);
  const columns = await columnsOf(runner, table);
  await runner.query(
    `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE ` +
      `SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** Every sequence owned by a column set past both the backup's last value and the column's largest value. */
async function setSequences(runner: QueryRunner, recorded: Record<string, string | null>): Promise<void> {
  const owned = (await runner.query(
    `SELECT s.relname AS sequence, t.relname AS "table", a.attname AS "column"
     FROM pg_depend d JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
     JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     JOIN pg_namespace n ON n.oid = s.relnamespace
     WHERE d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i') AND n.nspname = 'public'`,
  )) as Array<{ sequence: string; table: string; column: string }>;
  for (const { sequence, table, column } of owned) {
    if (table === 'migrations') continue;
    const [{ top }] = (await runner.query(
      `SELECT max(${quoteIdent(column)})::text AS top FROM ${quoteIdent(table)}`,
    )) as Array<{
      top: string | null;
    }>;
    const candidates = [top, recorded[sequence] ?? null].filter((value): value is string => value !== null);
    if (candidates.length === 0) continue;
    const last = candidates.map((value) => BigInt(value)).reduce((a, b) => (a > b ? a : b));
    await runner.query(`SELECT setval($1::regclass, $2::bigint, true)`, [quoteIdent(sequence), last.toString()]);
  }
}
