import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { commonConfig, CommonConfig } from '../common.config';
import { RareWarning } from '../logging/rare-warning';

/** Longest wait for Redis at start-up; after it the process starts anyway and Redis joins when it can. */
const STARTUP_WAIT_MS = 1500;
/** One warning per outage at most this often, not one per failed command. */
/** Reconnect after 100 ms, 200 ms, … at most every 2 s, for as long as the process runs. */
const retryStrategy = (attempt: number) => Math.min(100 * attempt, 2000);

/**
 * The command connection's options: fail fast instead of hanging a request. No offline queue (a command while
 * disconnected fails at once), no per-command retries, short connect and command time-outs; the client keeps
 * reconnecting in the background. Commands issued in the same tick by concurrent requests (ban look-ups,
 * rate-limit scripts, short-link reads) go out as one pipeline: far fewer writes and reads under load, same
 * answers. Keys carry REDIS_KEY_PREFIX (channel names do not: `prefix()` them).
 */
function commandOptions(keyPrefix: string): RedisOptions {
  return {
    keyPrefix,
    lazyConnect: true,
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    disconnectTimeout: 200,
    retryStrategy,
  };
}

/**
 * The subscriber's options: it keeps an offline queue (its SUBSCRIBE waits for the connection, and ioredis
 * subscribes again after every reconnect). It never serves a request, so it cannot slow one down.
 */
const SUBSCRIBER_OPTIONS: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 1000,
  disconnectTimeout: 200,
  retryStrategy,
};

/**
 * The process's Redis, when REDIS_URL is set: ONE command connection (`client`, shared by the rate limits, the
 * failed-auth counts, the bans and the short-link cache) and ONE subscriber connection (`subscriber()`, made on
 * first use, for the publish/subscribe port). Without REDIS_URL both are null and every user keeps its state in
 * process. `ready` says whether commands can be sent right now: callers fall back to in-process state when it is
 * false or a command fails, so a Redis outage never fails a request. Both connections close on shutdown.
 */
@Injectable()
export class RedisConnections implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RedisConnections.name);
  /** The command connection, or null without REDIS_URL. */
  readonly client: Redis | null;
  private subscriberConnection: Redis | null = null;
  private readonly warning = new RareWarning(this.logger);
  private closed = false;

  constructor(@Inject(commonConfig.KEY) private readonly config: CommonConfig) {
    this.client = config.REDIS_URL ? new Redis(config.REDIS_URL, commandOptions(config.REDIS_KEY_PREFIX)) : null;
    this.client?.on('error', (error: Error) => this.warn('Redis connection', error));
    this.client?.on('ready', () => {
      this.warning.reset();
      this.logger.log('Redis is ready: limits, failure counts, bans and the short-link cache are shared');
    });
  }

  /** Whether REDIS_URL is set. */
  get enabled(): boolean {
    return this.client !== null;
  }

  /** Whether commands can be sent now. */
  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  /** A key or channel name under REDIS_KEY_PREFIX (the client adds it to keys itself; channels need this). */
  prefix(name: string): string {
    return this.config.REDIS_KEY_PREFIX + name;
  }

  /**
   * The subscriber connection, made (not connected: the caller connects it) on the first call; null without
   * REDIS_URL or after shutdown.
   */
  subscriber(): Redis | null {
    if (!this.config.REDIS_URL || this.closed) return null;
    if (!this.subscriberConnection) {
      this.subscriberConnection = new Redis(this.config.REDIS_URL, SUBSCRIBER_OPTIONS);
      this.subscriberConnection.on('error', (error: Error) => this.warn('Redis subscriber', error));
    }
    return this.subscriberConnection;
  }

  async onModuleInit(): Promise<void> {
    if (!this.client) return;
    const connected = this.client.connect().then(
      () => true,
      () => false,
    );
    const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STARTUP_WAIT_MS).unref());
    if (!(await Promise.race([connected, timedOut]))) {
      this.logger.warn(
        'Redis is not reachable at start-up: rate limits, failure counts and caches are per instance until it is back',
      );
    }
  }

  /** Logs a Redis problem, at most once a minute so an outage does not flood the logs. */
  warn(what: string, error: unknown): void {
    if (this.closed) return;
    this.warning.warn(
      `${what} failed (${(error as Error)?.message ?? String(error)}); using in-process state meanwhile`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [this.client, this.subscriberConnection].map(async (connection) => {
        if (!connection) return;
        if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
        else connection.disconnect();
      }),
    );
  }
}
