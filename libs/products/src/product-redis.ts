import { Injectable } from '@nestjs/common';
import { RedisConnections } from '@app/messaging';

/** Keys of this lib sit under `<REDIS_KEY_PREFIX>pd:` (details) and `pq:` (Shopee call counts). */
const DETAILS_PREFIX = 'pd:';
const QUOTA_PREFIX = 'pq:';
/** A read gives up after this long and counts as a miss (the caller then asks the marketplace). */
const READ_TIMEOUT_MS = 100;

/**
 * The product details' shared level when REDIS_URL is set: details cached for every instance, and the members'
 * hourly Shopee call counts. On the process's one command connection; a Redis problem is a cache miss (or, for a
 * count, null: the caller counts in process), never a failed request.
 */
@Injectable()
export class ProductRedis {
  constructor(private readonly redis: RedisConnections) {}

  async get(key: string): Promise<string | null> {
    const client = this.redis.client;
    if (!client || !this.redis.ready) return null;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS)));
    try {
      return await Promise.race([client.get(DETAILS_PREFIX + key), timedOut]);
    } catch (error) {
      this.redis.warn('Redis product cache read', error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const client = this.redis.client;
    if (!client || !this.redis.ready) return;
    await client
      .set(DETAILS_PREFIX + key, value, 'EX', Math.max(1, ttlSeconds))
      .catch((error: Error) => this.redis.warn('Redis product cache write', error));
  }

  /** Adds one to a counter that lives `ttlSeconds` from its first count; the new count, or null without Redis. */
  async increment(key: string, ttlSeconds: number): Promise<number | null> {
    const client = this.redis.client;
    if (!client || !this.redis.ready) return null;
    try {
      const results = await client
        .multi()
        .incr(QUOTA_PREFIX + key)
        .expire(QUOTA_PREFIX + key, ttlSeconds, 'NX')
        .exec();
      const [error, value] = results?.[0] ?? [new Error('no answer'), null];
      if (error) throw error;
      return Number(value);
    } catch (error) {
      this.redis.warn('Redis product quota count', error);
      return null;
    }
  }
}
