import { Injectable } from '@nestjs/common';
import { RedisConnections } from '@app/messaging';

/** The cache's keys sit under `<REDIS_KEY_PREFIX>sl:`. */
const KEY_PREFIX = 'sl:';
/**
 * A read gives up after this long and counts as a miss: the redirect then asks the database. A bound of its own
 * for when the shared connection's command time-out (`REDIS_COMMAND_TIMEOUT_MS`, default 50 ms) is set longer;
 * the command itself still ends at the connection's time-out.
 */
const READ_TIMEOUT_MS = 300;

/**
 * The redirector's second cache level when REDIS_URL is set: lookups shared by every instance, so a new or
 * restarted instance does not send its first requests for each code to Postgres. On the process's one Redis
 * command connection (`RedisConnections`: fails fast, no offline queue) and never fails a redirect: a Redis
 * problem is a cache miss.
 */
@Injectable()
export class ShortLinkRedis {
  constructor(private readonly redis: RedisConnections) {}

  get enabled(): boolean {
    return this.redis.enabled;
  }

  /** Several keys in one command (`MGET`); every answer null when Redis is not there or slow. */
  async getMany(keys: string[]): Promise<Array<string | null>> {
    const client = this.redis.client;
    const misses = () => keys.map(() => null);
    if (!client || !this.redis.ready || keys.length === 0) return misses();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
    });
    try {
      return await Promise.race([client.mget(keys.map((key) => KEY_PREFIX + key)), timedOut]);
    } catch (error) {
      this.redis.warn('Redis short-link cache read', error);
      return misses();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Several keys in one round trip (a pipeline of `SET … EX`). */
  async setMany(entries: Array<[key: string, value: string]>, ttlSeconds: number): Promise<void> {
    const client = this.redis.client;
    if (!client || !this.redis.ready || entries.length === 0) return;
    const pipeline = client.pipeline();
    for (const [key, value] of entries) pipeline.set(KEY_PREFIX + key, value, 'EX', ttlSeconds);
    try {
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) this.redis.warn('Redis short-link cache write', failed[0]);
    } catch (error) {
      this.redis.warn('Redis short-link cache write', error);
    }
  }

  /** Deletes keys. */
  async del(...keys: string[]): Promise<void> {
    const client = this.redis.client;
    if (!client || !this.redis.ready || keys.length === 0) return;
    await client
      .del(...keys.map((key) => KEY_PREFIX + key))
      .catch((error: Error) => this.redis.warn('Redis short-link cache delete', error));
  }
}
