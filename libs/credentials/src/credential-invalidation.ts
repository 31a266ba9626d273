import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Inject } from '@nestjs/common';
import Redis from 'ioredis';
import { Client } from 'pg';
import { commonConfig, CommonConfig } from '@app/common';

/** Redis channel (after REDIS_KEY_PREFIX) and Postgres NOTIFY channel of credential-cache invalidations. */
export const INVALIDATION_CHANNEL = 'credentials:invalidate';
export const PG_INVALIDATION_CHANNEL = 'linkconv_credentials_invalidate';
/** Longest wait for the first subscription at start-up; after it the service starts anyway (cache off). */
const STARTUP_WAIT_MS = 1500;
const RECONNECT_MAX_MS = 5000;
const WARN_EVERY_MS = 60_000;

type Transport = 'redis' | 'postgres' | 'local';

/**
 * Tells every instance to drop a member's cached credential verifications (regenerate, revoke, settings,
 * plan or role change, member disabled), so a pair that stopped working is refused everywhere at once, not
 * after CREDENTIAL_CACHE_TTL_MS.
 *
 * Transport: Redis pub/sub when REDIS_URL is set; else Postgres LISTEN/NOTIFY on a real PostgreSQL; else
 * nothing (the embedded database is single-process). `live` says whether this instance is hearing the others
 * right now: while it is not (Redis or the listener connection down, or not connected yet), the credentials
 * cache is bypassed and every call is verified against the database, so a missed message can never let an old
 * pair through. After every (re)subscription the whole cache is dropped, for the same reason.
 */
@Injectable()
export class CredentialInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialInvalidation.name);
  readonly transport: Transport;
  private readonly handlers: Array<(memberId: string) => void> = [];
  private readonly resyncHandlers: Array<() => void> = [];
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private listener: Client | null = null;
  private notifier: Client | null = null;
  private subscribed = false;
  private closed = false;
  private reconnectAttempt = 0;
  private lastWarnAt = 0;

  constructor(@Inject(commonConfig.KEY) private readonly config: CommonConfig) {
    this.transport = config.REDIS_URL ? 'redis' : config.DATABASE_URL ? 'postgres' : 'local';
  }

  /** Whether invalidations from other instances reach this one right now (always true in a single process). */
  get live(): boolean {
    return this.transport === 'local' || this.subscribed;
  }

  /** Called with the member id of every invalidation (from this or another instance). */
  onInvalidate(handler: (memberId: string) => void): void {
    this.handlers.push(handler);
  }

  /** Called after every (re)subscription: messages may have been missed, drop everything. */
  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  async onModuleInit(): Promise<void> {
    if (this.transport === 'local') return;
    const first = this.transport === 'redis' ? this.startRedis() : this.connectPostgres();
    const timedOut = new Promise<void>((done) => setTimeout(done, STARTUP_WAIT_MS).unref());
    await Promise.race([first, timedOut]);
    if (!this.subscribed) {
      this.logger.warn(
        `Credential invalidations (${this.transport}) not connected yet: verifying every API call against the database until they are`,
      );
    }
  }

  /** Announces that a member's pairs or principal changed. Never throws: a failure is logged (the TTL bounds it). */
  async announce(memberId: string): Promise<void> {
    try {
      if (this.transport === 'redis' && this.publisher?.status === 'ready') {
        await this.publisher.publish(this.config.REDIS_KEY_PREFIX + INVALIDATION_CHANNEL, memberId);
      } else if (this.transport === 'postgres') {
        await this.notify(memberId);
      }
    } catch (error) {
      this.warn('publishing a credential invalidation', error);
    }
  }

  private dispatch(memberId: string): void {
    for (const handler of this.handlers) handler(memberId);
  }

  private resynced(): void {
    this.subscribed = true;
    this.reconnectAttempt = 0;
    for (const handler of this.resyncHandlers) handler();
  }

  private startRedis(): Promise<void> {
    const url = this.config.REDIS_URL!;
    const retryStrategy = (attempt: number) => Math.min(100 * attempt, 2000);
    this.publisher = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 500,
      retryStrategy,
    });
    this.publisher.on('error', (error: Error) => this.warn('Redis (credential invalidations)', error));
    this.publisher.connect().catch(() => undefined);
    const channel = this.config.REDIS_KEY_PREFIX + INVALIDATION_CHANNEL;
    const subscriber = new Redis(url, { lazyConnect: true, connectTimeout: 1000, retryStrategy });
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.warn('Redis subscriber (credential invalidations)', error));
    subscriber.on('message', (name: string, message: string) => {
      if (name === channel) this.dispatch(message);
    });
    // Not listening while disconnected; ioredis re-subscribes on reconnect and then says 'ready'.
    subscriber.on('close', () => (this.subscribed = false));
    subscriber.on('end', () => (this.subscribed = false));
    return new Promise<void>((resolve) => {
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).then(
          () => {
            this.resynced();
            resolve();
          },
          (error: Error) => this.warn('Redis SUBSCRIBE (credential invalidations)', error),
        );
      });
      subscriber.connect().catch(() => undefined);
    });
  }

  private async connectPostgres(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.config.DATABASE_URL,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
    });
    this.listener = client;
    const lost = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.subscribed = false;
      if (error) this.warn('Postgres LISTEN (credential invalidations)', error);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === PG_INVALIDATION_CHANNEL && message.payload) this.dispatch(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_INVALIDATION_CHANNEL}`);
      if (this.listener === client) this.resynced();
    } catch (error) {
      lost(error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.reconnectAttempt += 1;
    const delay = Math.min(RECONNECT_MAX_MS, 100 * 2 ** Math.min(this.reconnectAttempt, 6));
    setTimeout(() => void this.connectPostgres(), delay).unref();
  }

  /** NOTIFY on a connection of its own (opened on demand, kept, reopened after a failure). */
  private async notify(memberId: string): Promise<void> {
    if (!this.notifier) {
      const client = new Client({ connectionString: this.config.DATABASE_URL, connectionTimeoutMillis: 3000 });
      client.on('error', () => {
        if (this.notifier === client) this.notifier = null;
      });
      await client.connect();
      this.notifier = client;
    }
    try {
      await this.notifier.query('SELECT pg_notify($1, $2)', [PG_INVALIDATION_CHANNEL, memberId]);
    } catch (error) {
      this.notifier?.end().catch(() => undefined);
      this.notifier = null;
      throw error;
    }
  }

  private warn(what: string, error: unknown): void {
    const now = Date.now();
    if (this.closed || now - this.lastWarnAt < WARN_EVERY_MS) return;
    this.lastWarnAt = now;
    this.logger.warn(`${what} failed: ${(error as Error)?.message ?? String(error)}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.subscribed = false;
    for (const connection of [this.publisher, this.subscriber]) connection?.disconnect();
    const listener = this.listener;
    this.listener = null;
    await Promise.all([listener?.end().catch(() => undefined), this.notifier?.end().catch(() => undefined)]);
    this.notifier = null;
  }
}
