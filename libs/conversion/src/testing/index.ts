/**
 * Fakes of the conversion library's edges, for tests (this library's specs and the e2e tests). Nothing here
 * touches the network or a database.
 */
import type { Principal } from '@app/credentials';
import type { MarketplaceId } from '@app/marketplaces';
import { CachedResolution, ResolvedLinkStore } from '../resolver/resolved-link-store';
import type { ResolverOptions } from '../resolver/resolver-options';
import type { ResolutionFailure, ResolutionResult, ShortLinkResolver } from '../resolver/short-link-resolver';

/** `ResolvedLinkStore` in a Map; counts its calls so tests can check "one query per request". */
export class InMemoryResolvedLinkStore extends ResolvedLinkStore {
  readonly rows = new Map<string, CachedResolution>();
  readonly calls = { findFresh: 0, save: 0, purgeExpired: 0 };
  failing = false;

  async findFresh(shortUrls: readonly string[], now: Date): Promise<CachedResolution[]> {
    this.calls.findFresh++;
    if (this.failing) throw new Error('store down');
    return shortUrls.flatMap((shortUrl) => {
      const row = this.rows.get(shortUrl);
      return row && row.expiresAt > now ? [row] : [];
    });
  }

  async save(entries: readonly CachedResolution[]): Promise<void> {
    this.calls.save++;
    if (this.failing) throw new Error('store down');
    for (const entry of entries) this.rows.set(entry.shortUrl, entry);
  }

  async purgeExpired(now: Date): Promise<number> {
    this.calls.purgeExpired++;
    let purged = 0;
    for (const [key, row] of this.rows) {
      if (row.expiresAt < now) {
        this.rows.delete(key);
        purged++;
      }
    }
    return purged;
  }
}

/**
 * A `ShortLinkResolver` answering from a table: a landing URL string, or a failure code. Records every call,
 * can hold answers back (`hold()` / `release()`) and measures how many resolutions run at once.
 */
export class TableShortLinkResolver {
  readonly calls: Array<{ shortUrl: string; marketplace: MarketplaceId }> = [];
  maxConcurrent = 0;
  private running = 0;
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;

  constructor(private readonly table: Readonly<Record<string, string | { failure: ResolutionFailure }>>) {}

  hold(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  release(): void {
    this.openGate?.();
    this.gate = null;
  }

  async resolve(shortUrl: string, marketplace: MarketplaceId): Promise<ResolutionResult> {
    this.calls.push({ shortUrl, marketplace });
    this.running++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.running);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.gate) await this.gate;
      const answer = this.table[shortUrl];
      if (answer === undefined) return { ok: false, failure: 'http_status' };
      return typeof answer === 'string' ? { ok: true, landingUrl: answer } : { ok: false, failure: answer.failure };
    } finally {
      this.running--;
    }
  }

  asResolver(): ShortLinkResolver {
    return this as unknown as ShortLinkResolver;
  }
}

export const TEST_RESOLVER_OPTIONS: ResolverOptions = {
  maxHops: 5,
  connectTimeoutMs: 3000,
  headersTimeoutMs: 5000,
  totalTimeoutMs: 8000,
  maxBodyBytes: 64 * 1024,
  concurrency: 4,
  requestBudgetMs: 10_000,
  successTtlMs: 7 * 24 * 3600_000,
  failureTtlMs: 600_000,
  memoryCacheEntries: 100,
  userAgent: 'test',
};

export function testPrincipal(overrides: Partial<Principal> = {}): Principal {
  return {
    memberId: '00000000-0000-4000-8000-000000000001',
    credentialId: '00000000-0000-4000-8000-000000000002',
    keyPreview: 'sk_test…test',
    plan: 'free',
    role: 'member',
    defaultAffiliateId: null,
    defaultSubIds: [],
    marketplaceSettings: {},
    ...overrides,
  } as Principal;
}

/**
 * Real parts the e2e tests and the benchmarks' baseline server build by hand or look at (not part of the library's
 * door `@app/conversion`, which holds what the apps and the other libs use).
 */
export type { ConvertMode } from '../modes/convert-modes';
export { Marketplaces } from '@app/marketplaces';
export { MarketplaceSettingsSource } from '../marketplace-settings';
export { ModeRegistry } from '../modes/mode-registry';
export { AffiliateMode } from '../modes/providers/affiliate.mode';
export { OwnShortenerMode } from '../modes/providers/own-shortener.mode';
export { AddressPolicy, DnsLookup, ShortLinkHttpClient, type ResolvedAddress, type ResolverOptions } from '../resolver';
export { ShortLinkResolutionService } from '../resolver/short-link-resolution.service';
export { ShortLinkResolver } from '../resolver/short-link-resolver';
export { LargeConversionGate } from '../large-conversion-gate';
export { ConversionWorkers } from '../workers/conversion-workers';
