/**
 * Runs every migration once for a test run (test/support/test-databases.js runs this as a separate process, from
 * the sources, before the first e2e test file):
 * - with `DATABASE_URL`: migrates that database, the template each e2e worker's database is copied from
 *   (`CREATE DATABASE … TEMPLATE …`);
 * - without: migrates an embedded database in memory and writes PGlite's dump of its data folder to the file
 *   given as the argument; each app a test boots starts from it (`DATA_DIR=memory://<file>`) instead of running
 *   the migrations again.
 */
import { writeFileSync } from 'node:fs';
import { getPGliteInstance } from 'typeorm-pglite';
import { MIGRATIONS } from '../../apps/api/src/migrations';
import { dataSourceOptions, initializeWithMigrations } from '@app/database';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await (await initializeWithMigrations(dataSourceOptions({ url, embeddedDir: '' }, [], MIGRATIONS))).destroy();
    return;
  }
  const file = process.argv[2];
  if (!file) throw new Error('Usage: migrated-database.ts <dump file> (or DATABASE_URL set)');
  const dataSource = await initializeWithMigrations(dataSourceOptions({ embeddedDir: 'memory://' }, [], MIGRATIONS));
  // The one in-memory instance the driver keeps (closed with the DataSource).
  const dump = await (await getPGliteInstance()).dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
