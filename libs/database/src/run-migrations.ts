import { DataSource, type DataSourceOptions } from 'typeorm';

/** The advisory lock every process takes around its migrations (any constant both sides agree on). */
export const MIGRATION_LOCK_NAME = 'linkconv:migrations';

/**
 * Runs the pending migrations of an initialized DataSource exactly once across processes: on PostgreSQL,
 * under a session-level advisory lock, so when several instances start together one runs them and the others
 * wait for it, then find nothing left to do (TypeORM itself takes no lock). The embedded database belongs to
 * one process (see `acquireEmbeddedLock`) and needs none.
 */
export async function runMigrationsOnce(dataSource: DataSource): Promise<void> {
  const embedded = !(dataSource.options as { url?: string }).url;
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_NAME]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_NAME]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/** A DataSource for the app: initialized, migrations applied once (see `runMigrationsOnce`). */
export async function initializeWithMigrations(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    await runMigrationsOnce(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
