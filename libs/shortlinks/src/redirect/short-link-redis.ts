import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Inject } from '@nestjs/common';
import Redis from 'ioredis';
import { commonConfig, CommonConfig } from '@app/common';

const WARN_EVERY_MS = 60_000;

/**
 * The redirector's second cache level when REDIS_URL is set: lookups shared by every instance, so a new or
 * restarted instance does not send its first requests for each code to Postgres. Fails fast (no offline queue,
 * 300 ms command time-out) and never fails a redirect: a Redis problem is a cache miss.
 */
@Injectable()
export class ShortLinkRedis implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ShortLinkRedis.name);
  private readonly client: Redis | null;
  private lastWarnAt = 0;

  constructor(@Inject(commonConfig.KEY) config: CommonConfig) {
    this.client = config.REDIS_URL
      ? new Redis(config.REDIS_URL, {
          keyPrefix: `${config.REDIS_KEY_PREFIX}sl:`,
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: 1000,
          commandTimeout: 300,
          disconnectTimeout: 200,
          retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
        })
      : null;
    this.client?.on('error', (error: Error) => this.warn(error));
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  async onModuleInit(): Promise<void> {
    // Not awaited: the redirector starts without Redis and uses it once it is there.
    this.client?.connect().catch((error: Error) => this.warn(error));
  }

  /** Several keys in one command (`MGET`); every answer null when Redis is not there. */
  async getMany(keys: string[]): Promise<Array<string | null>> {
    if (!this.client || this.client.status !== 'ready' || keys.length === 0) return keys.map(() => null);
    try {
      return await this.client.mget(keys);
    } catch (error) {
      this.warn(error);
      return keys.map(() => null);
    }
  }

  /** Several keys in one round trip (a pipeline of `SET … EX`). */
  async setMany(entries: Array<[key: string, value: string]>, ttlSeconds: number): Promise<void> {
    if (!this.client || this.client.status !== 'ready' || entries.length === 0) return;
    const pipeline = this.client.pipeline();
    for (const [key, value] of entries) pipeline.set(key, value, 'EX', ttlSeconds);
    try {
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) this.warn(failed[0]);
    } catch (error) {
      this.warn(error);
    }
  }

  /** Deletes keys (tests clean up after themselves with it). */
  async del(...keys: string[]): Promise<void> {
    if (!this.client || this.client.status !== 'ready' || keys.length === 0) return;
    await this.client.del(...keys).catch((error: Error) => this.warn(error));
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarnAt < WARN_EVERY_MS) return;
    this.lastWarnAt = now;
    this.logger.warn(`Redis short-link cache unavailable (${(error as Error)?.message ?? String(error)})`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.client) return;
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client?.disconnect());
    else this.client.disconnect();
  }
}
