import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { createTestApp, testAppForSuite, type TestApp } from './test-app';

/** The machine's Redis for tests (CI sets it); unset = the in-process stores. */
export const TEST_REDIS_URL = process.env.REDIS_URL || undefined;

/** A Redis key prefix of its own for one test app or suite, so runs never collide. */
export function uniqueRedisPrefix(): string {
  return `linkconv-test:${randomUUID().slice(0, 8)}:`;
}

/**
 * Settings that put the abuse module's counters and bans in the machine's Redis (under a prefix of their own)
 * when REDIS_URL is set, so the same tests prove the shared stores; nothing (in-process stores) otherwise.
 */
export function sharedStoreEnv(): Record<string, string> {
  return TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniqueRedisPrefix() } : {};
}

/** Deletes every key under `prefix` (SCAN + DEL; never FLUSHALL). Returns how many were deleted. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, disconnectTimeout: 100 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** Removes the Redis keys an app made with `sharedStoreEnv()` settings (no-op without Redis). */
export async function cleanUpSharedStore(env: Record<string, string>): Promise<void> {
  if (env.REDIS_URL && env.REDIS_KEY_PREFIX) await deleteRedisKeys(env.REDIS_URL, env.REDIS_KEY_PREFIX);
}

/** `{ name: { r, t } }` from a response's `RateLimit` header (each policy's remaining calls and reset seconds). */
export function rateLimit(res: Response): Record<string, { r: number; t: number }> {
  const out: Record<string, { r: number; t: number }> = {};
  for (const item of String(res.headers['ratelimit'] ?? '').split(', ')) {
    const match = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(item);
    if (match) out[match[1]] = { r: Number(match[2]), t: Number(match[3]) };
  }
  return out;
}

/**
 * A test app on the shared stores (`sharedStoreEnv()`, with `env` over them) whose `close()` also deletes the keys
 * it left in Redis.
 */
export async function createTestAppOnSharedStores(env: Record<string, string> = {}): Promise<TestApp> {
  const stores = sharedStoreEnv();
  const t = await createTestApp({ ...stores, ...env });
  t.afterClose(() => cleanUpSharedStore(stores));
  return t;
}

/** `testAppForSuite` on the shared stores, as `createTestAppOnSharedStores`. */
export function testAppOnSharedStoresForSuite(env: Record<string, string> = {}): TestApp {
  const stores = sharedStoreEnv();
  const t = testAppForSuite({ ...stores, ...env });
  t.afterClose(() => cleanUpSharedStore(stores));
  return t;
}
