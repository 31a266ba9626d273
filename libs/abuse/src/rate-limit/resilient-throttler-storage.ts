import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { RedisConnections } from '@app/messaging';
import { type BudgetCharge, MemoryThrottlerStorage, type WeightedCounter } from './memory-throttler-storage';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One rate-limit counter to count a hit on. */
export interface CounterHit {
  key: string;
  ttl: number;
  limit: number;
  throttlerName: string;
}

/**
 * What one API call's round trip found: a ban another instance wrote (raw), or the counters after the hit (up
 * to the first one over its limit).
 */
export type ApiCallCount =
  { sharedBan: string; records: null } | { sharedBan: null; records: ThrottlerStorageRecord[] };

/**
 * One API call's abuse checks in one atomic step: when ARGV[1] is '1' and the client's ban key (KEYS[1]) is set,
 * its value, and nothing counted; else, for each counter in turn (KEYS[2..]; window ARGV[2i-2] ms, limit
 * ARGV[2i-1]), a fixed-window hit: INCR, the window's expiry started on its first hit; a counter over its limit
 * stops there (the call is refused: the next counters are not charged). Returns `{ ban }` or
 * `{ '', hits1, pttl1, hits2, pttl2, ... }`.
 */
export const API_CALL_SCRIPT = `
if ARGV[1] == '1' then
  local ban = redis.call('GET', KEYS[1])
  if ban then return { ban } end
end
local out = { '' }
for i = 2, #KEYS do
  local window = tonumber(ARGV[2 * i - 2])
  local hits = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl <= 0 then
    redis.call('PEXPIRE', KEYS[i], window)
    ttl = window
  end
  out[#out + 1] = hits
  out[#out + 1] = ttl
  if hits > tonumber(ARGV[2 * i - 1]) then break end
end
return out`.trim();

/**
 * A weighted charge (the link budgets) in one atomic step: ARGV[1] is the amount; counter i (KEYS[i]) has window
 * ARGV[2i] ms and limit ARGV[2i+1]. When a counter already holds its limit or more, nothing is charged and its
 * index is returned first; else the amount is added to every counter (INCRBY, the window's expiry started on its
 * first charge). An amount of 0 only reads. Returns `{ refusedIndex (0 = none), used1, pttl1, used2, pttl2, ... }`.
 */
export const CHARGE_SCRIPT = `
local amount = tonumber(ARGV[1])
local out = { 0 }
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if out[1] == 0 and amount > 0 and used >= tonumber(ARGV[2 * i + 1]) then out[1] = i end
  out[2 * i] = used
  out[2 * i + 1] = redis.call('PTTL', KEYS[i])
end
if out[1] > 0 or amount == 0 then return out end
for i = 1, #KEYS do
  out[2 * i] = redis.call('INCRBY', KEYS[i], amount)
  if out[2 * i + 1] <= 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
    out[2 * i + 1] = tonumber(ARGV[2 * i])
  end
end
return out`.trim();

type WithApiCall = Redis & {
  apiCall(numberOfKeys: number, ...args: Array<string | number>): Promise<Array<string | number>>;
  chargeBudgets(numberOfKeys: number, ...args: Array<string | number>): Promise<number[]>;
};

/** The Redis key of a counter (the layout of `@nest-lab/throttler-storage-redis`, kept so keys stay where they were). */
export function counterRedisKey(key: string, throttlerName: string): string {
  return `{${key}:${throttlerName}}:hits`;
}

function recordOf(hits: number, pttlMs: number, limit: number): ThrottlerStorageRecord {
  const timeToExpire = Math.ceil(pttlMs / 1000);
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
}

/**
 * The rate-limit store: Redis (shared by every instance, fixed windows: a hit over the limit is refused until
 * the window ends, INCR is atomic so every client gets exactly its limit across instances) when REDIS_URL is
 * set, in-process otherwise. An API call's counters and the shared ban check go in one round trip (`countApiCall`,
 * one script, EVALSHA). **Fails open**: while Redis is down or a command fails, counting falls back to this
 * instance's in-process counters, so partners keep their configured limit on each instance instead of getting
 * 500s or being cut off; Redis takes over again as soon as it is back.
 */
@Injectable()
export class ResilientThrottlerStorage implements ThrottlerStorage {
  private readonly shared: WithApiCall | null;

  constructor(
    private readonly redis: RedisConnections,
    private readonly local: MemoryThrottlerStorage,
  ) {
    this.shared = redis.client as WithApiCall | null;
    this.shared?.defineCommand('apiCall', { lua: API_CALL_SCRIPT });
    this.shared?.defineCommand('chargeBudgets', { lua: CHARGE_SCRIPT });
  }

  /** `ThrottlerStorage`: one counter, no ban check. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const counted = await this.countApiCall(null, [{ key, ttl, limit, throttlerName }]);
    return counted.records![0];
  }

  /**
   * Charges `amount` to every counter (the link budgets) unless one already holds its limit (see `CHARGE_SCRIPT`):
   * in Redis, one round trip; in process while Redis is unavailable, like the request counters.
   */
  async chargeAll(counters: WeightedCounter[], amount: number): Promise<BudgetCharge> {
    if (this.shared && this.redis.ready) {
      try {
        const keys = counters.map((counter) => counterRedisKey(counter.key, counter.throttlerName));
        const args = [amount, ...counters.flatMap((counter) => [counter.ttl, counter.limit])];
        const reply = (await this.shared.chargeBudgets(keys.length, ...keys, ...args)).map(Number);
        return {
          refused: reply[0] - 1,
          counts: counters.map((counter, i) => ({
            used: reply[1 + 2 * i],
            resetMs: reply[2 + 2 * i] > 0 ? reply[2 + 2 * i] : counter.ttl,
          })),
        };
      } catch (error) {
        this.redis.warn('Link-budget counting in Redis', error);
      }
    }
    return this.local.chargeAll(counters, amount);
  }

  /** Counts a hit on every counter, unless `banKey` (a Redis key, or null) holds a ban: one round trip. */
  async countApiCall(banKey: string | null, hits: CounterHit[]): Promise<ApiCallCount> {
    if (this.shared && this.redis.ready) {
      try {
        const keys = [banKey ?? 'ban:none', ...hits.map((hit) => counterRedisKey(hit.key, hit.throttlerName))];
        const args = [banKey ? '1' : '0', ...hits.flatMap((hit) => [hit.ttl, hit.limit])];
        const reply = await this.shared.apiCall(keys.length, ...keys, ...args);
        if (reply.length === 1 && reply[0] !== '') return { sharedBan: String(reply[0]), records: null };
        const records: ThrottlerStorageRecord[] = [];
        for (let i = 0; 2 + 2 * i < reply.length; i += 1) {
          records.push(recordOf(Number(reply[1 + 2 * i]), Number(reply[2 + 2 * i]), hits[i].limit));
        }
        return { sharedBan: null, records };
      } catch (error) {
        this.redis.warn('Rate-limit counting in Redis', error);
      }
    }
    const records: ThrottlerStorageRecord[] = [];
    for (const hit of hits) {
      const record = await this.local.increment(hit.key, hit.ttl, hit.limit, hit.ttl, hit.throttlerName);
      records.push(record);
      if (record.isBlocked) break;
    }
    return { sharedBan: null, records };
  }
}
