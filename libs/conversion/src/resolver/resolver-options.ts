import type { ConversionConfig } from '../conversion.config';

export const RESOLVER_OPTIONS = Symbol('RESOLVER_OPTIONS');

/** The short-link resolver's limits, from the `LINK_RESOLVER_*` settings. */
export interface ResolverOptions {
  /** Most HTTP requests made for one short link (the first one included). */
  maxHops: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  /** For the whole resolution of one short link, every hop included. */
  totalTimeoutMs: number;
  maxBodyBytes: number;
  /** Short links of one request resolved at the same time. */
  concurrency: number;
  /** After this long, a request starts no further resolution (those links fail for this request only). */
  requestBudgetMs: number;
  /** How long a resolved link is reused. */
  successTtlMs: number;
  /** How long a failed resolution is reused before the link is tried again. */
  failureTtlMs: number;
  /** Entries of the in-process cache in front of the `resolved_links` table. */
  memoryCacheEntries: number;
  userAgent: string;
}

/**
 * Sent with every resolver request. Shopee and Lazada answer crawlers with redirects and the og:url/canonical
 * tags the resolver reads; the Facebook crawler's token is the one their share links are built for.
 */
export const RESOLVER_USER_AGENT = 'Mozilla/5.0 (compatible; LinkConversionAPI/1.0; facebookexternalhit/1.1)';
const MEMORY_CACHE_ENTRIES = 10_000;

export function resolverOptionsFrom(config: ConversionConfig): ResolverOptions {
  return {
    maxHops: config.LINK_RESOLVER_MAX_HOPS,
    connectTimeoutMs: config.LINK_RESOLVER_CONNECT_TIMEOUT_MS,
    headersTimeoutMs: config.LINK_RESOLVER_HEADERS_TIMEOUT_MS,
    totalTimeoutMs: config.LINK_RESOLVER_TOTAL_TIMEOUT_MS,
    maxBodyBytes: config.LINK_RESOLVER_MAX_BODY_BYTES,
    concurrency: config.LINK_RESOLVER_CONCURRENCY,
    requestBudgetMs: config.LINK_RESOLVER_REQUEST_BUDGET_MS,
    successTtlMs: config.LINK_RESOLVER_CACHE_TTL_SECONDS * 1000,
    failureTtlMs: config.LINK_RESOLVER_FAILURE_TTL_SECONDS * 1000,
    memoryCacheEntries: MEMORY_CACHE_ENTRIES,
    userAgent: RESOLVER_USER_AGENT,
  };
}
