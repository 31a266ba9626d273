import { Injectable, Inject } from '@nestjs/common';
import { Clock } from '@app/common';
import { RedisConnections } from '@app/messaging';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/** INCR, and start the window's expiry on the first failure (or when a key somehow has none). */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

const MAX_LOCAL_ENTRIES = 100_000;

interface LocalCount {
  count: number;
  expiresAtMs: number;
}

/**
 * Wrong-credential counts per abuse key, in a fixed window of IP_BAN_FAILURE_WINDOW_MINUTES that starts with
 * the first failure. In Redis (shared by every instance) when it is ready, in process otherwise.
 */
@Injectable()
export class FailedAuthCounter {
  private readonly local = new Map<string, LocalCount>();

  constructor(
    private readonly redis: RedisConnections,
    private readonly clock: Clock,
    @Inject(abuseConfig.KEY) private readonly config: AbuseConfig,
  ) {}

  private get windowMs(): number {
    return this.config.IP_BAN_FAILURE_WINDOW_MINUTES * 60_000;
  }

  /** Counts one failure; returns the count in the current window. */
  async increment(ipKey: string): Promise<number> {
    if (this.redis.client && this.redis.ready) {
      try {
        const count = await this.redis.client.eval(INCREMENT_SCRIPT, 1, redisKey(ipKey), this.windowMs);
        return Number(count);
      } catch (error) {
        this.redis.warn('Failure counting in Redis', error);
      }
    }
    return this.incrementLocal(ipKey);
  }

  /** Forgets the count (after a ban, or when an admin lifts one). */
  async reset(ipKey: string): Promise<void> {
    this.local.delete(ipKey);
    if (this.redis.client && this.redis.ready) {
      await this.redis.client.del(redisKey(ipKey)).catch((error: unknown) => this.redis.warn('Redis DEL', error));
    }
  }

  private incrementLocal(ipKey: string): number {
    const now = this.clock.now().getTime();
    let entry = this.local.get(ipKey);
    if (!entry || entry.expiresAtMs <= now) {
      if (this.local.size >= MAX_LOCAL_ENTRIES) this.evict(now);
      entry = { count: 0, expiresAtMs: now + this.windowMs };
      this.local.set(ipKey, entry);
    }
    entry.count += 1;
    return entry.count;
  }

  private evict(now: number): void {
    for (const [key, entry] of this.local) if (entry.expiresAtMs <= now) this.local.delete(key);
    while (this.local.size >= MAX_LOCAL_ENTRIES) {
      const oldest = this.local.keys().next().value;
      if (oldest === undefined) break;
      this.local.delete(oldest);
    }
  }
}

function redisKey(ipKey: string): string {
  return `authfail:${ipKey}`;
}
