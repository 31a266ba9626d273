import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Clock } from '@app/common';

interface WindowEntry {
  hits: number;
  expiresAtMs: number;
}

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A counter a weighted charge goes to: its key, window (ms) and limit. */
export interface WeightedCounter {
  key: string;
  ttl: number;
  limit: number;
  throttlerName: string;
}

/** What a weighted charge found: the index of the counter that refused it (-1: charged), and each counter after. */
export interface BudgetCharge {
  refused: number;
  counts: Array<{ used: number; resetMs: number }>;
}

/** Expired windows are swept at most this often, so memory stays bounded. */
const SWEEP_EVERY_MS = 60_000;

/**
 * In-process rate-limit counters with exactly the semantics of `FixedWindowRedisStorage`: a fixed window per
 * key that starts with its first hit; every hit counts; a hit over the limit is refused until the window ends
 * (`blockDuration` is not used: the window is the block). So one instance without Redis and several with it
 * behave alike. Reads the injectable `Clock`, so tests can move time.
 */
@Injectable()
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, WindowEntry>();
  private lastSweepMs = 0;

  constructor(private readonly clock: Clock) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const id = `{${key}:${throttlerName}}`;
    let entry = this.windows.get(id);
    if (!entry || entry.expiresAtMs <= now) {
      entry = { hits: 0, expiresAtMs: now + ttl };
      this.windows.set(id, entry);
    }
    entry.hits += 1;
    const timeToExpire = Math.ceil((entry.expiresAtMs - now) / 1000);
    const isBlocked = entry.hits > limit;
    return { totalHits: entry.hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  /**
   * A weighted charge on several counters at once (the link budgets): refused, and nothing charged, when a
   * counter's window already holds its limit or more; else `amount` is added to each. `amount` 0 only reads.
   */
  chargeAll(counters: WeightedCounter[], amount: number): BudgetCharge {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const current = counters.map((counter) => {
      const entry = this.windows.get(`{${counter.key}:${counter.throttlerName}}`);
      return entry && entry.expiresAtMs > now ? entry : null;
    });
    const used = current.map((entry) => entry?.hits ?? 0);
    const refused = amount > 0 ? counters.findIndex((counter, i) => used[i] >= counter.limit) : -1;
    if (refused >= 0 || amount === 0) {
      return {
        refused,
        counts: current.map((entry, i) => ({
          used: used[i],
          resetMs: entry ? entry.expiresAtMs - now : counters[i].ttl,
        })),
      };
    }
    return {
      refused: -1,
      counts: counters.map((counter, i) => {
        let entry = current[i];
        if (!entry) {
          entry = { hits: 0, expiresAtMs: now + counter.ttl };
          this.windows.set(`{${counter.key}:${counter.throttlerName}}`, entry);
        }
        entry.hits += amount;
        return { used: entry.hits, resetMs: entry.expiresAtMs - now };
      }),
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = now;
    for (const [id, entry] of this.windows) if (entry.expiresAtMs <= now) this.windows.delete(id);
  }
}
