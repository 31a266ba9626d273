import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { AbuseRedis } from '../redis/abuse-redis';
import { FixedWindowRedisStorage } from './fixed-window-redis-storage';
import { MemoryThrottlerStorage } from './memory-throttler-storage';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The rate-limit store: Redis (`@nest-lab/throttler-storage-redis` with a fixed-window script, shared by every
 * instance) when REDIS_URL
 * is set, in-process otherwise. **Fails open**: while Redis is down or a command fails, counting falls back
 * to this instance's in-process counters, so partners keep their configured limit on each instance instead
 * of getting 500s or being cut off; Redis takes over again as soon as it is back.
 */
@Injectable()
export class ResilientThrottlerStorage implements ThrottlerStorage {
  private readonly shared: FixedWindowRedisStorage | null;

  constructor(
    private readonly redis: AbuseRedis,
    private readonly local: MemoryThrottlerStorage,
  ) {
    this.shared = redis.client ? new FixedWindowRedisStorage(redis.client) : null;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (this.shared && this.redis.ready) {
      try {
        return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch (error) {
        this.redis.warn('Rate-limit counting in Redis', error);
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }
}
