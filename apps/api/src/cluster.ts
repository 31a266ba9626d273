import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { databaseConfig } from '@app/database';
import { httpConfig } from '@app/http';
import { messagingConfig } from '@app/messaging';
import { startupConfig } from './startup-config';

/** Restart delays after a worker dies on its own: doubling from 1 s up to 30 s, reset once one stays up a minute. */
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

function log(message: string): void {
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, context: 'Cluster', msg: message })}\n`,
  );
}

/**
 * `npm run start:cluster`: one api process per core (WEB_CONCURRENCY, 0 = every core) behind the same port,
 * with node:cluster. The primary only forks, restarts workers that die, and relays SIGTERM/SIGINT: each worker
 * then shuts down gracefully (in-flight requests, then usage counters and abuse events flushed). Migrations run
 * once (advisory lock); each worker keeps its own timers (usage and abuse-event flushes, ban reloads), which is
 * what several separate instances do too. Needs DATABASE_URL (the embedded database is single-process) and,
 * for limits and failure counts shared by the workers, REDIS_URL.
 */
function primary(): void {
  const loaded = startupConfig().config;
  const config = loaded.get(httpConfig);
  const workers = config.WEB_CONCURRENCY || availableParallelism();
  if (loaded.get(databaseConfig).usesEmbeddedDatabase && workers > 1) {
    process.stderr.write(
      'Cluster mode needs DATABASE_URL: the embedded database belongs to one process. Set DATABASE_URL, or run `npm start`.\n',
    );
    process.exit(1);
  }
  if (!loaded.get(messagingConfig).REDIS_URL && workers > 1) {
    log(
      `No REDIS_URL: each of the ${workers} workers counts rate limits and failed logins on its own ` +
        `(a partner gets up to ${workers} times the limit). Set REDIS_URL to share them.`,
    );
  }
  let stopping = false;
  let failures = 0;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('Every worker has stopped');
        process.exit(0);
      }
      return;
    }
    failures = lived > STABLE_AFTER_MS ? 1 : failures + 1;
    const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (failures - 1));
    log(`Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers gracefully`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // Workers give up on in-flight requests after SHUTDOWN_TIMEOUT_MS; this is the last resort.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 10_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log(`Starting ${workers} workers on port ${config.PORT}`);
  for (let i = 0; i < workers; i++) fork();
}

if (cluster.isPrimary) primary();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- only a worker loads the server, at that point
else require('./main');
