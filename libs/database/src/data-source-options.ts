import type { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions, MigrationInterface } from 'typeorm';
import { PGliteDriver } from 'typeorm-pglite';

/** The migrations a DataSource runs, in order (the api's list: `apps/api/src/migrations.ts`). */
export type MigrationList = ReadonlyArray<new () => MigrationInterface>;

export interface DatabaseTarget {
  /** A postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string;
  /**
   * Where the embedded database keeps its files; `memory://` keeps it in memory (tests), and `memory://<file>` in
   * memory starting from that file, a dump of a data folder by PGlite's `dumpDataDir` (the tests' migrated
   * database, made once per run: test/support/migrated-database.ts).
   */
  embeddedDir: string;
  /** The running service's embedded database, served on a Unix socket (`serveEmbeddedDatabase`): the CLI's way in. */
  embeddedSocket?: { socketDir: string; port: number } | null;
}

/** The embedded database in memory (tests), optionally followed by the path of a dump to start from. */
const IN_MEMORY = 'memory://';

/**
 * The one builder of TypeORM options, shared by the app and `ormconfig.ts` (the migration CLI).
 * Schema changes only through `migrations` (each lib's, in one ordered list; `synchronize` is always off).
 */
export function dataSourceOptions(
  target: DatabaseTarget,
  entities: DataSourceOptions['entities'],
  migrations: MigrationList = [],
): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    entities,
    migrations: [...migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    uuidExtension: 'pgcrypto' as const,
    installExtensions: false,
  };
  if (target.url) {
    return {
      ...common,
      url: target.url,
      extra: { max: 20, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000, statement_timeout: 10_000 },
    };
  }
  if (target.embeddedSocket) {
    // node-postgres takes a host that starts with `/` as the folder of a Unix socket.
    const { socketDir, port } = target.embeddedSocket;
    return { ...common, host: socketDir, port, username: 'postgres', database: 'postgres', extra: { max: 1 } };
  }
  if (target.embeddedDir.startsWith(IN_MEMORY)) {
    const dump = target.embeddedDir.slice(IN_MEMORY.length);
    return { ...common, driver: embeddedDriver(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}) };
  }
  return { ...common, driver: embeddedDriver({ dataDir: embeddedPath(target.embeddedDir) }) };
}

/**
 * typeorm-pglite's driver, its pool expecting a listener per query runner. The pool is every query runner's
 * connection: TypeORM's runner adds an `error` listener to it while it is out and removes it on release, so more
 * than ten runners at once (concurrent requests on the embedded database) printed Node's
 * `MaxListenersExceededWarning` though nothing leaked. The count is the runners in flight, bounded by the requests
 * in flight; test/ops/embedded-database.e2e-spec.ts checks that it falls back once they are released.
 */
function embeddedDriver(options: ConstructorParameters<typeof PGliteDriver>[0]): object {
  const { Pool } = new PGliteDriver(options).driver as unknown as { Pool: new () => EventEmitter };
  return class {
    static Pool = class extends Pool {
      constructor() {
        super();
        this.setMaxListeners(0);
      }
    };
  };
}

function embeddedPath(dir: string): string {
  const path = join(dir, 'pglite');
  mkdirSync(path, { recursive: true });
  return path;
}
