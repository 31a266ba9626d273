import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Inject } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { commonConfig, CommonConfig } from '@app/common';

/** Longest wait for Redis at start-up; after it the service starts anyway and Redis joins when it can. */
const STARTUP_WAIT_MS = 1500;
/** One warning per outage at most this often, not one per failed command. */
const WARN_EVERY_MS = 60_000;

/**
 * Options that make Redis fail fast instead of hanging a request: no offline queue (a command while
 * disconnected fails at once), no per-command retries, short connect and command time-outs. The client
 * keeps reconnecting in the background.
 */
export function fastFailRedisOptions(keyPrefix: string): RedisOptions {
  return {
    keyPrefix,
    lazyConnect: true,
    // Commands issued in the same tick by concurrent requests (ban look-ups, rate-limit scripts) go out as one
    // pipeline: far fewer writes and reads under load, same answers.
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    disconnectTimeout: 200,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  };
}

type MessageHandler = (message: string) => void;

/**
 * The abuse module's Redis connections, when REDIS_URL is set: one for commands (keys carry
 * REDIS_KEY_PREFIX) and one for pub/sub. `ready` says whether commands can be sent right now; callers fall
 * back to in-process state when it is false or a command fails, so a Redis outage never fails a request.
 */
@Injectable()
export class AbuseRedis implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AbuseRedis.name);
  readonly client: Redis | null;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, MessageHandler>();
  private lastWarnAt = 0;
  private closed = false;

  constructor(@Inject(commonConfig.KEY) private readonly config: CommonConfig) {
    this.client = config.REDIS_URL ? new Redis(config.REDIS_URL, fastFailRedisOptions(config.REDIS_KEY_PREFIX)) : null;
    this.client?.on('error', (error: Error) => this.warn('Redis connection', error));
    this.client?.on('ready', () => {
      this.lastWarnAt = 0;
      this.logger.log('Redis is ready: limits, failure counts and bans are shared between instances');
    });
  }

  /** Whether commands can be sent now. */
  get ready(): boolean {
    return this.client?.status === 'ready';
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
        'Redis is not reachable at start-up: rate limits and failure counts are per instance until it is back',
      );
    }
  }

  /** Listens on a channel (the name gets REDIS_KEY_PREFIX). No-op without Redis. */
  subscribe(channel: string, handler: MessageHandler): void {
    if (!this.config.REDIS_URL || this.closed) return;
    const name = this.config.REDIS_KEY_PREFIX + channel;
    this.handlers.set(name, handler);
    if (!this.subscriber) {
      // The subscriber keeps an offline queue: its SUBSCRIBE waits for the connection, and ioredis
      // subscribes again after every reconnect. It never serves a request, so it cannot slow one down.
      this.subscriber = new Redis(this.config.REDIS_URL, {
        connectTimeout: 1000,
        disconnectTimeout: 200,
        retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
      });
      this.subscriber.on('error', (error: Error) => this.warn('Redis subscriber', error));
      this.subscriber.on('message', (channelName: string, message: string) => {
        this.handlers.get(channelName)?.(message);
      });
    }
    this.subscriber.subscribe(name).catch((error: Error) => this.warn(`Redis SUBSCRIBE ${name}`, error));
  }

  /** Publishes on a channel; a failure is logged, never thrown. */
  async publish(channel: string, message: string): Promise<void> {
    if (!this.client || !this.ready) return;
    try {
      await this.client.publish(this.config.REDIS_KEY_PREFIX + channel, message);
    } catch (error) {
      this.warn(`Redis PUBLISH ${channel}`, error);
    }
  }

  /** Logs a Redis problem, at most once a minute so an outage does not flood the logs. */
  warn(what: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarnAt < WARN_EVERY_MS) return;
    this.lastWarnAt = now;
    this.logger.warn(
      `${what} failed (${(error as Error)?.message ?? String(error)}); using in-process state meanwhile`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const connection of [this.client, this.subscriber]) {
      if (!connection) continue;
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }
}
