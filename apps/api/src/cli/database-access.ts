import {
  acquireEmbeddedLock,
  type DatabaseConfig,
  type DatabaseTarget,
  embeddedLockHolder,
  embeddedSocketTarget,
} from '@app/database';

/**
 * The database the CLI opens. With DATABASE_URL, that server. Embedded: when the service runs (it holds the
 * embedded lock), its database through the socket it serves in DATA_DIR; else the files themselves, locked.
 */
export function databaseAccess(config: DatabaseConfig): {
  embeddedSocket: DatabaseTarget['embeddedSocket'];
  release(): void;
} {
  const none = { embeddedSocket: undefined, release: () => undefined };
  if (!config.usesEmbeddedDatabase) return none;
  const holder = embeddedLockHolder(config.DATA_DIR);
  if (holder === null) return { embeddedSocket: undefined, release: acquireEmbeddedLock(config.DATA_DIR) };
  const socket = embeddedSocketTarget(config.DATA_DIR);
  if (!socket) {
    throw new Error(
      `The embedded database in ${config.DATA_DIR} is in use by process ${holder}, which does not serve it to the ` +
        'CLI (it is still starting, or an older version): wait for it, or restart it.',
    );
  }
  return { embeddedSocket: socket, release: () => undefined };
}
