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

/** A weighted charge (the link budgets) to make with the call's count: `amount` on every counter. */
export interface BudgetRequest {
  counters: WeightedCounter[];
  amount: number;
}

/**
 * What one API call's round trip found: a ban another instance wrote (raw), or the counters after the hit (up
 * to the first one over its limit) and, when asked and no counter refused the call, the link budgets' charge.
 */
export type ApiCallCount =
  | { sharedBan: string; records: null; budgets?: undefined }
  | { sharedBan: null; records: ThrottlerStorageRecord[]; budgets?: BudgetCharge };

/**
 * One API call's abuse checks in one atomic step, one round trip. KEYS[1] is the client's ban key, KEYS[2..n+1]
 * the request counters (n = ARGV[2]), the rest the link budgets. ARGV[1] '1': check the ban; ARGV[3..2n+2] each
 * counter's window (ms) and limit; then the amount to charge and each budget's window and limit.
 * - When the ban is checked and set: `{ ban }`, nothing counted.
 * - Each request counter in turn: a fixed-window hit (INCR, the window's expiry started on its first hit); a
 *   counter over its limit stops there (the call is refused: the next counters and the budgets are not charged).
 * - Then the budgets, a weighted charge: when one already holds its limit or more, nothing is charged and its
 *   index is reported; else the amount is added to every one (INCRBY, expiry on the first charge). An amount of
 *   0 only reads.
 * Returns `{ '', hits1, pttl1, ... }` for the counters, followed, when there are budgets and the call was not
 * refused, by `refusedIndex (0 = none), used1, pttl1, ...`.
 */
export const API_CALL_SCRIPT = `
if ARGV[1] == '1' then
  local ban = redis.call('GET', KEYS[1])
  if ban then return { ban } end
end
local n = tonumber(ARGV[2])
local out = { '' }
for i = 1, n do
  local key = KEYS[1 + i]
  local window = tonumber(ARGV[1 + 2 * i])
  local hits = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl <= 0 then
    redis.call('PEXPIRE', key, window)
    ttl = window
  end
  out[#out + 1] = hits
  out[#out + 1] = ttl
  if hits > tonumber(ARGV[2 + 2 * i]) then return out end
end
local budgets = #KEYS - 1 - n
if budgets == 0 then return out end
local amount = tonumber(ARGV[3 + 2 * n])
local head = #out + 1
out[head] = 0
for j = 1, budgets do
  local used = tonumber(redis.call('GET', KEYS[1 + n + j]) or '0')
  if out[head] == 0 and amount > 0 and used >= tonumber(ARGV[3 + 2 * n + 2 * j]) then out[head] = j end
  out[head + 2 * j - 1] = used
  out[head + 2 * j] = redis.call('PTTL', KEYS[1 + n + j])
end
if out[head] > 0 or amount == 0 then return out end
for j = 1, budgets do
  local key = KEYS[1 + n + j]
  out[head + 2 * j - 1] = redis.call('INCRBY', key, amount)
  if out[head + 2 * j] <= 0 then
    redis.call('PEXPIRE', key, ARGV[2 + 2 * n + 2 * j])
    out[head + 2 * j] = tonumber(ARGV[2 + 2 * n + 2 * j])
  end
end
return out`.trim();

type WithApiCall = Redis & {
  apiCall(numberOfKeys: number, ...args: Array<string | number>): Promise<Array<string | number>>;
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
   * Charges `amount` to every counter (the link budgets) unless one already holds its limit (see `API_CALL_SCRIPT`):
   * in Redis, one round trip; in process while Redis is unavailable, like the request counters.
   */
  async chargeAll(counters: WeightedCounter[], amount: number): Promise<BudgetCharge> {
    return (await this.countApiCall(null, [], { counters, amount })).budgets!;
  }

  /**
   * Counts a hit on every counter, unless `banKey` (a Redis key, or null) holds a ban, and then, unless a counter
   * refused the call, charges `budgets`: one round trip.
   */
  async countApiCall(banKey: string | null, hits: CounterHit[], budgets?: BudgetRequest): Promise<ApiCallCount> {
    if (this.shared && this.redis.ready) {
      try {
        const [numberOfKeys, ...args] = apiCallArgs(banKey, hits, budgets);
        return parseApiCall(await this.shared.apiCall(numberOfKeys as number, ...args), hits, budgets);
      } catch (error) {
        this.redis.warn('Rate-limit counting in Redis', error);
      }
    }
    const records: ThrottlerStorageRecord[] = [];
    for (const hit of hits) {
      const record = await this.local.increment(hit.key, hit.ttl, hit.limit, hit.ttl, hit.throttlerName);
      records.push(record);
      if (record.isBlocked) return { sharedBan: null, records };
    }
    return { sharedBan: null, records, budgets: budgets && this.local.chargeAll(budgets.counters, budgets.amount) };
  }
}

/**
 * `apiCall`'s arguments: the number of keys, the keys, then the arguments (see `API_CALL_SCRIPT`). Built in one
 * array by plain loops: every API call builds it (spreads and `flatMap` cost about 10 µs a call, profiled).
 */
function apiCallArgs(banKey: string | null, hits: CounterHit[], budgets?: BudgetRequest): Array<string | number> {
  const counters = budgets?.counters ?? [];
  const args: Array<string | number> = [1 + hits.length + counters.length, banKey ?? 'ban:none'];
  for (const hit of hits) args.push(counterRedisKey(hit.key, hit.throttlerName));
  for (const counter of counters) args.push(counterRedisKey(counter.key, counter.throttlerName));
  args.push(banKey ? '1' : '0', hits.length);
  for (const hit of hits) args.push(hit.ttl, hit.limit);
  if (budgets) {
    args.push(budgets.amount);
    for (const counter of counters) args.push(counter.ttl, counter.limit);
  }
  return args;
}

/** `apiCall`'s reply as the request counters' records and the budgets' charge. */
function parseApiCall(reply: Array<string | number>, hits: CounterHit[], budgets?: BudgetRequest): ApiCallCount {
  if (reply.length === 1 && reply[0] !== '') return { sharedBan: String(reply[0]), records: null };
  const records: ThrottlerStorageRecord[] = [];
  let at = 1;
  for (; at + 1 < reply.length && records.length < hits.length; at += 2) {
    records.push(recordOf(Number(reply[at]), Number(reply[at + 1]), hits[records.length].limit));
    if (records[records.length - 1].isBlocked) return { sharedBan: null, records };
  }
  if (!budgets) return { sharedBan: null, records };
  if (at >= reply.length) return { sharedBan: null, records, budgets: { refused: -1, counts: [] } };
  const refused = Number(reply[at]) - 1;
  const counts = budgets.counters.map((counter, i) => {
    const pttl = Number(reply[at + 2 + 2 * i]);
    return { used: Number(reply[at + 1 + 2 * i]), resetMs: pttl > 0 ? pttl : counter.ttl };
  });
  return { sharedBan: null, records, budgets: { refused, counts } };
}
