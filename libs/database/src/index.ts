export { databaseConfig, type DatabaseConfig } from './database.config';
export { dataSourceOptions, type DatabaseTarget, type MigrationList } from './data-source-options';
export { acquireEmbeddedLock, embeddedLockHolder } from './embedded-lock';
export { embeddedSocketTarget, serveEmbeddedDatabase } from './embedded-socket';
export { FOUNDATION_MIGRATIONS } from './migrations';
export { initializeWithMigrations } from './run-migrations';
export {
  openForReading,
  readDatabase,
  restoreBackupFile,
  restoreRecords,
  tableSummaries,
  tablesInDependencyOrder,
  TransferError,
  writeBackupFile,
} from './transfer';
