import { Clock } from '@app/common';
import { loadNamespace } from '@app/common/testing';
import { abuseConfig } from '../abuse.config';
import { MemoryThrottlerStorage } from './memory-throttler-storage';
import { RateLimitPolicies, rateLimitHeader, rateLimitPolicyHeader } from './rate-limit-policies';

class ManualClock extends Clock {
  constructor(private ms = Date.UTC(2026, 0, 1)) {
    super();
  }
  override now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

describe('MemoryThrottlerStorage', () => {
  it('lets exactly `limit` hits through per fixed window, then refuses until the window ends', async () => {
    const clock = new ManualClock();
    const storage = new MemoryThrottlerStorage(clock);
    const hit = () => storage.increment('per_key:k1', 60_000, 3, 60_000, 'per_key');
    for (let i = 1; i <= 3; i++)
      expect(await hit()).toMatchObject({ totalHits: i, isBlocked: false, timeToExpire: 60 });
    clock.advance(18_000);
    expect(await hit()).toMatchObject({ totalHits: 4, isBlocked: true, timeToExpire: 42 });
    clock.advance(1);
    expect(await hit()).toMatchObject({ totalHits: 5, isBlocked: true });
    clock.advance(42_000);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
  });

  it('keeps keys and throttlers apart', async () => {
    const storage = new MemoryThrottlerStorage(new ManualClock());
    await storage.increment('a', 60_000, 1, 1, 'per_key');
    expect(await storage.increment('b', 60_000, 1, 1, 'per_key')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await storage.increment('a', 60_000, 1, 1, 'per_member')).toMatchObject({ totalHits: 1 });
    expect(await storage.increment('a', 60_000, 1, 1, 'per_key')).toMatchObject({ totalHits: 2, isBlocked: true });
  });
});

describe('rate-limit policies and headers', () => {
  const policies = new RateLimitPolicies(loadNamespace(abuseConfig, {}));

  it('take the limits of the plan from config', () => {
    expect(policies.policiesFor('free')).toEqual([
      { name: 'per_key', limit: 60, windowSeconds: 60 },
      { name: 'per_member', limit: 120, windowSeconds: 60 },
    ]);
    expect(policies.limitFor('pro', 'per_key')).toBe(600);
    expect(policies.limitFor('pro', 'per_member')).toBe(1200);
  });

  it('format RateLimit-Policy and RateLimit as in draft-ietf-httpapi-ratelimit-headers-10', () => {
    expect(rateLimitPolicyHeader(policies.policiesFor('free'))).toBe('"per_key";q=60;w=60, "per_member";q=120;w=60');
    expect(
      rateLimitHeader([
        { name: 'per_key', limit: 60, windowSeconds: 60, remaining: 59, resetSeconds: 42 },
        { name: 'per_member', limit: 120, windowSeconds: 60, remaining: 119, resetSeconds: 42 },
      ]),
    ).toBe('"per_key";r=59;t=42, "per_member";r=119;t=42');
  });
});
