import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';

/**
 * One atomic step of a fixed window: count the hit, start the window's expiry on its first hit, and say
 * whether the count is over the limit (refused until the window ends: the window is the block).
 * Returns what the package's `increment` expects: totalHits, timeToExpire, isBlocked, timeToBlockExpire (ms).
 */
export const FIXED_WINDOW_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
local blocked = hits > tonumber(ARGV[3])
return { hits, ttl, blocked and 1 or 0, blocked and ttl or 0 }`.trim();

/**
 * `@nest-lab/throttler-storage-redis` with a plain fixed-window script (through its `getScriptSrc` hook).
 * The stock script adds a separate block key and resets the counter when that key expires; used as a plain
 * window (a very short block) that reset lets extra requests through under concurrency, and with a long block
 * a client that keeps retrying while refused stays refused for good. A fixed window gives every client exactly
 * its limit per window, across all instances: INCR is atomic.
 */
export class FixedWindowRedisStorage extends ThrottlerStorageRedisService {
  override getScriptSrc(): string {
    return FIXED_WINDOW_SCRIPT;
  }
}
