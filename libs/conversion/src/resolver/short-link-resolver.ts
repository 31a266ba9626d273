import { Inject, Injectable, Logger } from '@nestjs/common';
import { MarketplaceId, Marketplaces, normalizeHostname, normalizeShortLink } from '@app/marketplaces';
import { AddressPolicy } from './address-policy';
import { DnsLookup, ResolvedAddress } from './dns-lookup';
import { htmlTargets } from './html-target';
import { RESOLVER_OPTIONS, type ResolverOptions } from './resolver-options';
import { HopError, HopResponse, ShortLinkHttpClient } from './short-link-http';

/** Why a short link could not be resolved; stored in the cache, turned into a message for the item. */
export type ResolutionFailure =
  | 'not_allowed'
  | 'dns_failed'
  | 'blocked_address'
  | 'connection_failed'
  | 'timeout'
  | 'http_status'
  | 'no_target'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'insecure_redirect'
  | 'redirect_off_marketplace';

export const RESOLUTION_FAILURES: readonly ResolutionFailure[] = [
  'not_allowed',
  'dns_failed',
  'blocked_address',
  'connection_failed',
  'timeout',
  'http_status',
  'no_target',
  'too_many_redirects',
  'redirect_loop',
  'insecure_redirect',
  'redirect_off_marketplace',
];

/** Where a short link leads (`landingUrl`, as the marketplace sent it, never fetched), or why it is unknown. */
export type ResolutionResult = { ok: true; landingUrl: string } | { ok: false; failure: ResolutionFailure };

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Longest landing URL kept (Shopee voucher payloads make long but not unbounded URLs). */
const MAX_LANDING_URL_LENGTH = 8192;

class ResolutionError extends Error {
  constructor(readonly failure: ResolutionFailure) {
    super(failure);
  }
}

/**
 * Follows one short link by hand, hop by hop, to the marketplace page it leads to. Safety rules:
 * - only short links of the marketplace's own short-link hosts are fetched (`Marketplaces.fetchableShortLink`),
 *   always over https (an http short link is upgraded; a redirect from https to http is refused); a redirect to
 *   any other host is not fetched: a page of the same marketplace ends the resolution (the landing page),
 *   anything else fails it;
 * - each fetched host is resolved once; every address must pass the `AddressPolicy` and the connection is pinned
 *   to them;
 * - at most `maxHops` requests, no URL twice (loop), connect/header time-outs per request, a total time-out for
 *   the whole resolution, and a capped read of HTML bodies (for og:url/canonical when a page answers 200).
 * Never throws: every problem is a `ResolutionFailure`.
 */
@Injectable()
export class ShortLinkResolver {
  private readonly logger = new Logger(ShortLinkResolver.name);

  constructor(
    private readonly marketplaces: Marketplaces,
    private readonly dns: DnsLookup,
    private readonly addresses: AddressPolicy,
    private readonly http: ShortLinkHttpClient,
    @Inject(RESOLVER_OPTIONS) private readonly options: ResolverOptions,
  ) {}

  async resolve(shortUrl: string, marketplace: MarketplaceId): Promise<ResolutionResult> {
    const signal = AbortSignal.timeout(this.options.totalTimeoutMs);
    try {
      return { ok: true, landingUrl: await this.follow(shortUrl, marketplace, signal) };
    } catch (error) {
      if (error instanceof ResolutionError) return { ok: false, failure: error.failure };
      if (error instanceof HopError) return { ok: false, failure: error.kind };
      if (signal.aborted) return { ok: false, failure: 'timeout' };
      this.logger.error(`Unexpected error resolving ${shortUrl}: ${String(error)}`);
      return { ok: false, failure: 'connection_failed' };
    }
  }

  private async follow(shortUrl: string, marketplace: MarketplaceId, signal: AbortSignal): Promise<string> {
    let current = this.firstHop(shortUrl, marketplace);
    const visited = new Set<string>();
    for (let hop = 1; ; hop++) {
      if (hop > this.options.maxHops) throw new ResolutionError('too_many_redirects');
      const key = normalizeShortLink(current);
      if (visited.has(key)) throw new ResolutionError('redirect_loop');
      visited.add(key);

      const addresses = await this.checkedAddresses(current, signal);
      const response = await this.http.fetch({ url: current, addresses, signal });
      const next = this.nextUrl(current, response);
      if (next.href.length > MAX_LANDING_URL_LENGTH) throw new ResolutionError('no_target');

      // Only a page of the same marketplace: identify() takes http(s) and app links, never userinfo or look-alikes.
      const parsed = this.marketplaces.identify(next.href);
      if (!parsed || parsed.marketplace !== marketplace) throw new ResolutionError('redirect_off_marketplace');
      if (parsed.kind !== 'short') return next.href;
      // Another short link of the same marketplace: fetched in turn, over https only.
      if (next.protocol !== 'https:') throw new ResolutionError('insecure_redirect');
      if (!this.marketplaces.fetchableShortLink(next, marketplace)) throw new ResolutionError('not_allowed');
      current = new URL(normalizeShortLink(next));
    }
  }

  /** The short link as first fetched, if it is one the resolver may fetch. */
  private firstHop(shortUrl: string, marketplace: MarketplaceId): URL {
    let url: URL;
    try {
      url = new URL(shortUrl);
    } catch {
      throw new ResolutionError('not_allowed');
    }
    if (!this.marketplaces.fetchableShortLink(url, marketplace)) throw new ResolutionError('not_allowed');
    // Fetched as https, lower-case host without trailing dot (what the certificate and the DNS check see).
    return new URL(normalizeShortLink(url));
  }

  /** The host's addresses, each allowed by the policy; one DNS query, its answer is what the connection uses. */
  private async checkedAddresses(url: URL, signal: AbortSignal): Promise<ResolvedAddress[]> {
    const host = normalizeHostname(url.hostname);
    let addresses: ResolvedAddress[];
    try {
      addresses = await abortable(this.dns.lookup(host), signal);
    } catch (error) {
      if (signal.aborted) throw new ResolutionError('timeout');
      throw new ResolutionError('dns_failed');
    }
    if (addresses.length === 0) throw new ResolutionError('dns_failed');
    const refused = addresses.map(({ address }) => this.addresses.check(address)).find((verdict) => !verdict.allowed);
    if (refused) {
      this.logger.warn(`Refused to fetch ${url.origin}: it resolves to a ${refused.range} address`);
      throw new ResolutionError('blocked_address');
    }
    return addresses;
  }

  /** Where a response points: its Location for a redirect, its og:url/canonical for a 200 HTML page. */
  private nextUrl(current: URL, response: HopResponse): URL {
    if (REDIRECT_STATUSES.has(response.status)) {
      const next = response.location ? parseRelative(response.location, current) : null;
      if (!next) throw new ResolutionError('no_target');
      return next;
    }
    if (response.status !== 200) throw new ResolutionError('http_status');
    for (const candidate of htmlTargets(response.html ?? '')) {
      const next = parseRelative(candidate, current);
      if (next && next.href !== current.href) return next;
    }
    throw new ResolutionError('no_target');
  }
}

function parseRelative(location: string, base: URL): URL | null {
  try {
    return new URL(location.trim(), base);
  } catch {
    return null;
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
