import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { defaultMaxListeners, setMaxListeners } from 'node:events';
import { Clock } from '@app/common';
import { CachedOutboundLink, OutboundLinkStore } from './cache/outbound-link-store';
import { OutboundHttp, type OutboundRequest, type OutboundResponse } from './http/outbound-http';
import { stopsTheRequest, type OutboundFailure, type OutboundResult } from './outbound-failure';
import { OUTBOUND_OPTIONS, type OutboundOptions } from './outbound-options';
import { attemptCall } from './protocols/common';
import {
  LAZADA_BATCH_SIZE,
  lazadaApiRegion,
  lazadaGetLinkRequest,
  parseLazadaGetLink,
  type LazadaCredentials,
} from './protocols/lazada-affiliate';
import {
  parseShopeeShortLink,
  shopeeOpenApiRegion,
  shopeeShortLinkRequest,
  type ShopeeAppCredentials,
} from './protocols/shopee-open-api';
import { bitly, cuttly, isGdFamily, ShortenerProtocol, tinyUrlLegacy, tinyUrlV2 } from './protocols/shorteners';
import {
  lazadaConversionReportRequest,
  parseLazadaConversionReport,
  type LazadaReportAnswer,
  type LazadaReportRange,
} from './protocols/lazada-conversion-report';
import {
  parseShopeeConversionReport,
  shopeeConversionReportRequest,
  type ShopeeReportAnswer,
  type ShopeeReportQuery,
} from './protocols/shopee-conversion-report';
import { PROVIDER_LABELS, type OutboundProvider } from './providers';
import { Attempt, ProviderGates } from './resilience/provider-gates';

export type ShortenerProvider = 'tinyurl' | 'isgd' | 'vgd' | 'bitly' | 'cuttly';

/** A link to get from a marketplace API, with the domain suffix of its site (`vn`, `co.th`...). */
export interface MarketplaceTarget {
  url: string;
  region: string;
}

interface ObtainSpec {
  provider: OutboundProvider;
  /** The member for account-based services, null for public ones. */
  owner: string | null;
  /** Whatever besides the target shapes the answer (app id, sub ids); part of the cache key. */
  variant: string;
  targets: readonly string[];
  batchSize: number;
  /** Targets of one batch share a group (the API region). */
  groupOf: (target: string) => string;
  call: (batch: readonly string[], group: string, signal: AbortSignal) => Promise<Attempt<Map<string, OutboundResult>>>;
}

const PURGE_INTERVAL_MS = 3600_000;
/** One attempt at a report page: hundreds of conversions, far more than a link's answer (OUTBOUND_TIMEOUT_MS). */
const REPORT_ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * Links from outside services for the modes: external short links (TinyURL, is.gd, v.gd, Bitly, Cutt.ly) and
 * the marketplaces' own affiliate links (Shopee Open API `generateShortLink`, Lazada `marketing/getlink`); the one
 * client of each marketplace's API, also for the product details and the order report pull.
 *
 * For one request: cached links are read in one query (`outbound_links`); the others are fetched through the
 * provider's gate (breaker, concurrency, time-out, retries); once a call says the credentials are refused or
 * the quota is spent, the request's remaining links fail the same way without another call; everything stops
 * at the request's budget (`OUTBOUND_REQUEST_BUDGET_MS`), the links left failing with `upstream_unavailable`;
 * new links are stored in one query. Failures are never cached. Answers one result per distinct target.
 */
@Injectable()
export class OutsideLinks {
  private readonly logger = new Logger('OutboundServices');
  private readonly shorteners: Readonly<Record<ShortenerProvider, ShortenerProtocol>>;
  private lastPurge = 0;

  constructor(
    private readonly http: OutboundHttp,
    private readonly gates: ProviderGates,
    private readonly store: OutboundLinkStore,
    private readonly clock: Clock,
    @Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions,
  ) {
    this.shorteners = {
      tinyurl: options.tinyurlApiToken ? tinyUrlV2(options) : tinyUrlLegacy(options),
      isgd: isGdFamily(options.urls.isgd, 'is.gd'),
      vgd: isGdFamily(options.urls.vgd, 'v.gd'),
      bitly: bitly(options),
      cuttly: cuttly(options),
    };
  }

  /**
   * Short links of `longUrls`. `credential` is the member's token or key for Bitly and Cutt.ly (then `memberId`
   * owns the cache rows), null for the public services.
   */
  shorten(
    provider: ShortenerProvider,
    longUrls: readonly string[],
    account: { memberId: string; credential: string } | null,
  ): Promise<Map<string, OutboundResult>> {
    const protocol = this.shorteners[provider];
    return this.obtain({
      provider,
      owner: account?.memberId ?? null,
      variant: provider === 'tinyurl' && this.options.tinyurlApiToken ? 'v2' : '',
      targets: longUrls,
      batchSize: 1,
      groupOf: () => '',
      call: ([longUrl], _group, signal) =>
        attemptCall(this.http, provider, protocol.request(longUrl, account?.credential ?? null), signal, (res) =>
          single(longUrl, protocol.parse(res)),
        ),
    });
  }

  /** Shopee Open API `generateShortLink` for each URL, at its region's endpoint, with the member's app. */
  shopeeShortLinks(
    targets: readonly MarketplaceTarget[],
    subIds: readonly string[],
    memberId: string,
    credentials: ShopeeAppCredentials,
  ): Promise<Map<string, OutboundResult>> {
    const regionOf = new Map(targets.map((target) => [target.url, shopeeOpenApiRegion(target.region) ?? '']));
    return this.obtain({
      provider: 'shopee',
      owner: memberId,
      variant: `${credentials.appId}\n${subIds.join('-')}`,
      targets: targets.map((target) => target.url),
      batchSize: 1,
      groupOf: (url) => regionOf.get(url)!,
      call: ([originUrl], region, signal) => {
        const endpoint = this.options.urls.shopee.replace('{region}', region);
        const timestamp = Math.floor(this.clock.now().getTime() / 1000);
        const request = shopeeShortLinkRequest(endpoint, originUrl, subIds, credentials, timestamp);
        return attemptCall(this.http, 'shopee', request, signal, (res) => single(originUrl, parseShopeeShortLink(res)));
      },
    });
  }

  /** Lazada `marketing/getlink` (batches of up to 100 URLs per region) with the member's credentials. */
  lazadaLinks(
    targets: readonly MarketplaceTarget[],
    subIds: readonly string[],
    memberId: string,
    credentials: LazadaCredentials,
  ): Promise<Map<string, OutboundResult>> {
    const regionOf = new Map(targets.map((target) => [target.url, lazadaApiRegion(target.region) ?? '']));
    return this.obtain({
      provider: 'lazada',
      owner: memberId,
      variant: `${credentials.appKey}\n${subIds.join('-')}`,
      targets: targets.map((target) => target.url),
      batchSize: LAZADA_BATCH_SIZE,
      groupOf: (url) => regionOf.get(url)!,
      call: (batch, region, signal) => {
        const base = this.options.urls.lazada.replace('{region}', region);
        const request = lazadaGetLinkRequest(base, batch, subIds, credentials, this.clock.now().getTime());
        return attemptCall(this.http, 'lazada', request, signal, (res) => parseLazadaGetLink(res, batch));
      },
    });
  }

  /**
   * One call to `provider` through its gate (breaker, concurrency, time-out, retries) for callers that read
   * something else than a link (product details, the order report pull): `request` is built afresh for each attempt
   * (a fresh signature timestamp), `parse` reads the answer. Ends with `budget` (default: OUTBOUND_REQUEST_BUDGET_MS
   * from now); `limits` may lower the retries (a call that must not be sent twice in a row: 0) and set one
   * attempt's time-out (a report page is far larger than a link's answer).
   */
  call<T>(
    provider: OutboundProvider,
    request: () => OutboundRequest,
    parse: (response: OutboundResponse) => Attempt<T>,
    budget: AbortSignal = AbortSignal.timeout(this.options.requestBudgetMs),
    limits: { maxRetries?: number; attemptTimeoutMs?: number } = {},
  ): Promise<Attempt<T>> {
    const timeoutMs = limits.attemptTimeoutMs;
    return this.gates.run(
      provider,
      budget,
      (signal) => attemptCall(this.http, provider, timeoutMs ? { ...request(), timeoutMs } : request(), signal, parse),
      undefined,
      limits.maxRetries,
      timeoutMs,
    );
  }

  /**
   * One page of Shopee's `conversionReport` (the order report pull) at `endpoint`, with the member's app, through
   * Shopee's gate. Never retried here: a scrollId is used once, and a fresh query must keep Shopee's gap after the
   * previous one; the pull decides what comes next.
   */
  shopeeConversionReport(
    endpoint: string,
    credentials: ShopeeAppCredentials,
    query: ShopeeReportQuery,
    budget: AbortSignal,
  ): Promise<Attempt<ShopeeReportAnswer>> {
    return this.call(
      'shopee',
      () => shopeeConversionReportRequest(endpoint, credentials, query, Math.floor(this.clock.now().getTime() / 1000)),
      parseShopeeConversionReport,
      budget,
      { maxRetries: 0, attemptTimeoutMs: REPORT_ATTEMPT_TIMEOUT_MS },
    );
  }

  /** One page of Lazada's conversion report for a range inside one month, through Lazada's gate (with retries). */
  lazadaConversionReport(
    baseUrl: string,
    credentials: LazadaCredentials,
    range: LazadaReportRange,
    page: number,
    budget: AbortSignal,
  ): Promise<Attempt<LazadaReportAnswer>> {
    return this.call(
      'lazada',
      () => lazadaConversionReportRequest(baseUrl, credentials, range, page, this.clock.now().getTime()),
      parseLazadaConversionReport,
      budget,
      { attemptTimeoutMs: REPORT_ATTEMPT_TIMEOUT_MS },
    );
  }

  /** The endpoint of a marketplace API for a region (`{region}` of SHOPEE_OPEN_API_URL / LAZADA_API_URL filled). */
  endpoint(provider: 'shopee' | 'lazada', region: string): string {
    return this.options.urls[provider].replace('{region}', region);
  }

  private async obtain(spec: ObtainSpec): Promise<Map<string, OutboundResult>> {
    const label = PROVIDER_LABELS[spec.provider];
    const owner = spec.owner ?? '';
    const targets = [...new Set(spec.targets)];
    const keyOf = new Map(targets.map((target) => [target, cacheKey(spec.variant, target)]));
    const results = new Map<string, OutboundResult>();
    const now = this.clock.now();

    const cached = await this.readCache(spec.provider, owner, [...keyOf.values()], now);
    for (const target of targets) {
      const url = cached.get(keyOf.get(target)!);
      if (url) results.set(target, { ok: true, url });
    }

    const batches: Array<{ group: string; targets: string[] }> = [];
    for (const target of targets) {
      if (results.has(target)) continue;
      const group = spec.groupOf(target);
      const open = batches.find((batch) => batch.group === group && batch.targets.length < spec.batchSize);
      if (open) open.targets.push(target);
      else batches.push({ group, targets: [target] });
    }

    const budget = AbortSignal.timeout(this.options.requestBudgetMs);
    // Every batch listens to the one budget, one listener at a time (waiting for a slot, an attempt, the wait before
    // a retry), each removed when done: more than ten batches set off Node's leak warning for nothing.
    setMaxListeners(Math.max(defaultMaxListeners, batches.length), budget);
    let stop: OutboundFailure | null = null;
    const failures = new Map<string, number>();
    await Promise.all(
      batches.map(async (batch) => {
        const attempt = await this.gates.run(
          spec.provider,
          budget,
          (signal) => spec.call(batch.targets, batch.group, signal),
          () => stop,
        );
        for (const target of batch.targets) {
          const result: OutboundResult = attempt.ok
            ? (attempt.value.get(target) ?? { ok: false, failure: { ...noAnswer(label) } })
            : { ok: false, failure: attempt.failure };
          results.set(target, result);
          if (!result.ok) {
            failures.set(result.failure.code, (failures.get(result.failure.code) ?? 0) + 1);
            if (stopsTheRequest(result.failure)) stop ??= result.failure;
          }
        }
      }),
    );
    if (failures.size > 0) {
      const summary = [...failures].map(([code, count]) => `${code} x${count}`).join(', ');
      this.logger.warn(`${label}: ${summary} (of ${targets.length} links)`);
    }

    const created = this.clock.now();
    const fresh: CachedOutboundLink[] = [];
    for (const target of targets) {
      const result = results.get(target)!;
      if (!result.ok || cached.has(keyOf.get(target)!)) continue;
      fresh.push({
        provider: spec.provider,
        owner,
        targetHash: keyOf.get(target)!,
        target,
        shortUrl: result.url,
        createdAt: created,
        expiresAt: new Date(created.getTime() + this.options.cacheTtlMs),
      });
    }
    await this.writeCache(fresh);
    return results;
  }

  private async readCache(provider: string, owner: string, keys: string[], now: Date): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    try {
      return await this.store.findFresh(provider, owner, keys, now);
    } catch (error) {
      this.logger.warn(`Outside-link cache unreadable, calling without it: ${(error as Error)?.name ?? 'error'}`);
      return new Map();
    }
  }

  private async writeCache(rows: CachedOutboundLink[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      await this.store.save(rows);
    } catch (error) {
      this.logger.warn(`Outside-link cache not written: ${(error as Error)?.name ?? 'error'}`);
    }
    const now = this.clock.now().getTime();
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      this.store.purgeExpired(new Date(now)).catch(() => this.logger.warn('Outside-link cache not purged'));
    }
  }
}

function single(target: string, attempt: Attempt<OutboundResult>): Attempt<Map<string, OutboundResult>> {
  return attempt.ok ? { ok: true, value: new Map([[target, attempt.value]]) } : attempt;
}

function cacheKey(variant: string, target: string): string {
  return createHash('sha256').update(`${variant}\n${target}`, 'utf8').digest('hex');
}

function noAnswer(label: string): OutboundFailure {
  return {
    code: 'upstream_unavailable',
    message: `${label} gave no answer for this link`,
    retryable: false,
    unhealthy: false,
  };
}
