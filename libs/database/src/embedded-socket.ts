import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The Postgres port number in the socket's file name (`.s.PGSQL.5432`), as libpq and node-postgres expect. */
const SOCKET_PORT = 5432;

/** The folder of the embedded database's socket: `<DATA_DIR>/run`, readable by the service's user only. */
export function embeddedSocketDir(dataDir: string): string {
  return resolve(dataDir, 'run');
}

function socketPath(dataDir: string): string {
  return join(embeddedSocketDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
}

/** Where a local client (the CLI) finds the running service's embedded database, or `null` when it is not served. */
export function embeddedSocketTarget(dataDir: string): { socketDir: string; port: number } | null {
  return existsSync(socketPath(dataDir)) ? { socketDir: embeddedSocketDir(dataDir), port: SOCKET_PORT } : null;
}

/**
 * Serves the process's embedded PGlite database to local clients over the Postgres wire protocol
 * (`@electric-sql/pglite-socket`), on a Unix socket in `<DATA_DIR>/run` (folder 0700, socket 0600: only the
 * service's user, who can read DATA_DIR's secrets anyway). This is how `npm run -s cli` works while the service
 * runs: the CLI is then an ordinary Postgres client, as it is with DATABASE_URL. Returns the function that
 * stops serving and removes the socket (synchronous, safe on `exit`).
 */
export async function serveEmbeddedDatabase(dataDir: string): Promise<() => void> {
  // Loaded here: only the service on the embedded database needs them.
  const { getPGliteInstance } = await import('typeorm-pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const dir = embeddedSocketDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const path = socketPath(dataDir);
  // This process holds the embedded lock: a socket file left here is a dead process's.
  rmSync(path, { force: true });
  const server = new PGLiteSocketServer({ db: await getPGliteInstance(), path, maxConnections: 4 });
  await server.start();
  chmodSync(path, 0o600);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    void server.stop().catch(() => undefined);
    rmSync(path, { force: true });
  };
}
