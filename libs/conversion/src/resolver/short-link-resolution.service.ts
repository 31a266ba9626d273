import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '@app/common';
import { Metrics } from '@app/metrics';
import { type MarketplaceId, Marketplaces, type ParsedLink } from '@app/marketplaces';
import type { ItemError } from '../modes/item-error';
import { CachedResolution, MAX_CACHED_SHORT_URL_LENGTH, ResolvedLinkStore } from './resolved-link-store';
import { RESOLVER_OPTIONS, type ResolverOptions } from './resolver-options';
import { ResolutionFailure, ResolutionResult, ShortLinkResolver } from './short-link-resolver';

/** What a short link becomes: the product or page it leads to, or the item error. */
export type ShortLinkOutcome = { ok: true; link: ParsedLink } | { ok: false; error: ItemError };

const PURGE_INTERVAL_MS = 3600_000;
const OVER_BUDGET = 'Too many short links to resolve in one request: this one was not tried, send it again';

const FAILURE_MESSAGES: Readonly<Record<ResolutionFailure, (marketplace: string) => string>> = {
  not_allowed: () => 'This short link cannot be resolved safely (unexpected host, port or scheme)',
  dns_failed: () => "The short link's host could not be found",
  blocked_address: () => "The short link's host resolves to an address that is not allowed",
  connection_failed: () => 'The short link could not be reached',
  timeout: () => 'The short link did not answer in time',
  http_status: () => 'The short link answered with an error (expired or unknown code?)',
  no_target: () => 'The short link did not lead to a page',
  too_many_redirects: () => 'The short link redirects too many times',
  redirect_loop: () => 'The short link redirects in a loop',
  insecure_redirect: () => 'The short link redirects from https to http',
  redirect_off_marketplace: (marketplace) => `The short link leads outside ${marketplace}`,
};

/**
 * Resolves the short links of one request: each distinct link once, from the in-process LRU, then the
 * `resolved_links` table (one query for all the links of the request), then the network (at most
 * `concurrency` at a time; a link already being resolved by another request is awaited, not fetched again).
 * No resolution starts once `requestBudgetMs` has passed, so a request with many slow links still answers in
 * about budget + one resolution's total time-out. New results are stored in one query. The cache is an
 * optimisation: when the table cannot be read or written the links are resolved anyway.
 */
@Injectable()
export class ShortLinkResolutionService {
  private readonly logger = new Logger(ShortLinkResolutionService.name);
  private readonly memory: LRUCache<string, CachedResolution>;
  private readonly inFlight = new Map<string, Promise<CachedResolution>>();
  private lastPurge = 0;

  constructor(
    private readonly resolver: ShortLinkResolver,
    private readonly store: ResolvedLinkStore,
    private readonly marketplaces: Marketplaces,
    private readonly clock: Clock,
    @Inject(RESOLVER_OPTIONS) private readonly options: ResolverOptions,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.memory = new LRUCache({ max: options.memoryCacheEntries });
  }

  /** One outcome per distinct `shortUrl` of `links` (all of kind 'short'). */
  async resolveAll(links: readonly ParsedLink[]): Promise<Map<string, ShortLinkOutcome>> {
    const marketplaceOf = new Map<string, MarketplaceId>();
    for (const link of links) {
      if (link.kind !== 'short' || !link.shortUrl) throw new Error('resolveAll takes short links only');
      marketplaceOf.set(link.shortUrl, link.marketplace);
    }
    const results = await this.results([...marketplaceOf.keys()], marketplaceOf);
    const outcomes = new Map<string, ShortLinkOutcome>();
    for (const [shortUrl, marketplace] of marketplaceOf) {
      const result = results.get(shortUrl);
      outcomes.set(shortUrl, result ? this.outcome(result, marketplace) : fail('resolution_failed', OVER_BUDGET));
    }
    return outcomes;
  }

  private async results(
    shortUrls: string[],
    marketplaceOf: ReadonlyMap<string, MarketplaceId>,
  ): Promise<Map<string, ResolutionResult>> {
    const now = this.clock.now();
    const results = new Map<string, ResolutionResult>();
    for (const shortUrl of shortUrls) {
      const cached = this.memory.get(shortUrl);
      if (cached && cached.expiresAt > now) results.set(shortUrl, cached.result);
    }

    const notInMemory = shortUrls.filter((shortUrl) => !results.has(shortUrl));
    for (const entry of await this.readStore(notInMemory.filter(isCacheable), now)) {
      this.memory.set(entry.shortUrl, entry);
      results.set(entry.shortUrl, entry.result);
    }

    const toResolve = notInMemory.filter((shortUrl) => !results.has(shortUrl));
    const fresh: CachedResolution[] = [];
    const deadline = now.getTime() + this.options.requestBudgetMs;
    await mapBounded(toResolve, this.options.concurrency, async (shortUrl) => {
      // Past the request's budget no resolution starts: the link fails for this request only (not cached).
      if (this.clock.now().getTime() >= deadline) return;
      const { entry, resolvedHere } = await this.resolveShared(shortUrl, marketplaceOf.get(shortUrl)!);
      results.set(shortUrl, entry.result);
      if (resolvedHere) fresh.push(entry);
    });
    await this.writeStore(fresh.filter((entry) => isCacheable(entry.shortUrl) && entry.expiresAt > entry.resolvedAt));
    return results;
  }

  /** The resolution of one link, shared with any other request resolving it at the same time. */
  private async resolveShared(
    shortUrl: string,
    marketplace: MarketplaceId,
  ): Promise<{ entry: CachedResolution; resolvedHere: boolean }> {
    const pending = this.inFlight.get(shortUrl);
    if (pending) return { entry: await pending, resolvedHere: false };
    const resolution = this.resolveOnce(shortUrl, marketplace).finally(() => this.inFlight.delete(shortUrl));
    this.inFlight.set(shortUrl, resolution);
    return { entry: await resolution, resolvedHere: true };
  }

  private async resolveOnce(shortUrl: string, marketplace: MarketplaceId): Promise<CachedResolution> {
    const result = await this.resolver.resolve(shortUrl, marketplace);
    this.metrics?.resolverRequests.inc({ outcome: result.ok ? 'ok' : result.failure });
    const resolvedAt = this.clock.now();
    const ttl = result.ok ? this.options.successTtlMs : this.options.failureTtlMs;
    const entry = { shortUrl, result, resolvedAt, expiresAt: new Date(resolvedAt.getTime() + ttl) };
    if (ttl > 0) this.memory.set(shortUrl, entry);
    return entry;
  }

  private async readStore(shortUrls: string[], now: Date): Promise<CachedResolution[]> {
    if (shortUrls.length === 0) return [];
    try {
      return await this.store.findFresh(shortUrls, now);
    } catch (error) {
      this.logger.warn(`Resolution cache unreadable, resolving without it: ${String(error)}`);
      return [];
    }
  }

  private async writeStore(entries: CachedResolution[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.store.save(entries);
    } catch (error) {
      this.logger.warn(`Resolution cache not written: ${String(error)}`);
    }
    const now = this.clock.now().getTime();
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      this.store.purgeExpired(new Date(now)).catch((error: unknown) => {
        this.logger.warn(`Resolution cache not purged: ${String(error)}`);
      });
    }
  }

  /** The item outcome of a resolution: the landing page is parsed again, as if it had been pasted. */
  private outcome(result: ResolutionResult, marketplace: MarketplaceId): ShortLinkOutcome {
    const label = this.marketplaces.adapter(marketplace).label;
    if (!result.ok) return fail('resolution_failed', FAILURE_MESSAGES[result.failure](label));
    const landing = this.marketplaces.identify(result.landingUrl);
    if (!landing || landing.marketplace !== marketplace) {
      return fail('resolution_failed', FAILURE_MESSAGES.redirect_off_marketplace(label));
    }
    switch (landing.kind) {
      case 'product':
        return { ok: true, link: landing };
      case 'page':
        return isHomePage(landing)
          ? fail('not_a_product', `The short link leads to the ${label} home page (expired or unknown code?)`)
          : { ok: true, link: landing };
      case 'not_convertible':
        return fail(
          landing.reasonCode ?? 'not_a_product',
          `The short link leads to a page that cannot be converted: ${landing.reason ?? 'not a product page'}`,
        );
      case 'short':
        return fail('resolution_failed', FAILURE_MESSAGES.no_target(label));
    }
  }
}

function fail(code: ItemError['code'], message: string): ShortLinkOutcome {
  return { ok: false, error: { code, message } };
}

function isHomePage(link: ParsedLink): boolean {
  if (!link.canonicalUrl) return false;
  const url = new URL(link.canonicalUrl);
  return url.pathname === '/' && url.search === '';
}

function isCacheable(shortUrl: string): boolean {
  return shortUrl.length <= MAX_CACHED_SHORT_URL_LENGTH;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function mapBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
