import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { Clock } from '@app/common';
import { MemberChanged, MemberSettingsService } from '@app/members';
import {
  lazadaApiRegion,
  MARKETPLACE_API_SECRET_NAMES,
  marketplaceApiCredentials,
  type MarketplaceApiCredentials,
  OutsideLinks,
  shopeeOpenApiRegion,
  type Attempt,
  type OutboundFailure,
} from '@app/outbound';
import {
  currencyOf,
  type ProductDetails,
  type ProductError,
  type ProductLink,
  type ProductOutcome,
} from './product-details';
import { ProductRedis } from './product-redis';
import { productsConfig, type ProductsConfig } from './products.config';
import { lazadaProductRequest, parseLazadaProduct } from './protocols/lazada-product';
import { parseProductOffer, productOfferRequest, type Lookup } from './protocols/shopee-product-offer';
import { ShopeeQuota } from './shopee-quota';

/**
 * How long a member's saved API credentials are used from memory: a change on this instance drops them at once
 * (`MemberChanged`); another instance sees it within this time.
 */
const CREDENTIALS_TTL_MS = 30_000;

/** One lookup to make: the link, its API region, the member and the credentials it is made with. */
interface LookupContext extends MarketplaceApiCredentials {
  memberId: string;
  marketplace: 'shopee' | 'lazada';
  apiRegion: string;
  currency: string;
  shopId: string;
  itemId: string;
  url: string;
}

/** Why a lookup gave no details; thrown inside the cache's fetch so every caller waiting on it gets it. */
class LookupFailed extends Error {
  constructor(
    readonly outcome: ProductError,
    readonly retryAfterSeconds?: number,
  ) {
    super(outcome.code);
  }
}

export const NOT_CONFIGURED_MESSAGES = {
  shopee:
    'Save your Shopee Affiliate Open API app id and secret (shopee_app_id, shopee_app_secret) in your account ' +
    'settings to get Shopee product details',
  lazada:
    'Save your Lazada app key, app secret and user token (lazada_app_key, lazada_app_secret, lazada_user_token) in ' +
    'your account settings to get Lazada product details',
} as const;

/**
 * Product details (name, image, price, commission rate and what the member would earn) for marketplace links,
 * from the marketplaces' affiliate APIs with the member's saved credentials: Shopee Affiliate Open API
 * `productOfferV2` (by shop and item id) and Lazada `marketing/getlink` (`regularCommission`).
 *
 * Cached per item and member credentials: in process (lru-cache, `PRODUCT_CACHE_MAX_ENTRIES`) and in Redis when set,
 * both for `PRODUCT_CACHE_TTL_SECONDS`; the same item asked by many concurrent calls is one outside call (the
 * cache's `fetch` shares the lookup under way). Outside calls go through the outbound gates (the provider's breaker
 * and concurrency, time-outs, retries); Shopee calls count against the member's hourly quota
 * (`SHOPEE_PRODUCT_CALLS_PER_HOUR`). Failures are not cached.
 */
@Injectable()
export class ProductDetailsService {
  private readonly cache: LRUCache<string, ProductDetails, LookupContext>;
  /** The members' API credentials, read once per CREDENTIALS_TTL_MS instead of on every call. */
  private readonly apis = new LRUCache<string, MarketplaceApiCredentials>({ max: 10_000, ttl: CREDENTIALS_TTL_MS });

  constructor(
    private readonly outside: OutsideLinks,
    private readonly settings: MemberSettingsService,
    private readonly redis: ProductRedis,
    private readonly quota: ShopeeQuota,
    private readonly clock: Clock,
    @Inject(productsConfig.KEY) private readonly config: ProductsConfig,
  ) {
    this.cache = new LRUCache<string, ProductDetails, LookupContext>({
      max: config.PRODUCT_CACHE_MAX_ENTRIES,
      ttl: config.PRODUCT_CACHE_TTL_SECONDS * 1000,
      // The lookup under way keeps going when a caller stops waiting (its budget spent): it fills the cache.
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { context, options }) => this.lookup(key, context, options),
    });
  }

  /** A member's settings changed (credentials saved or deleted): read them again. */
  @OnEvent(MemberChanged.event)
  forgetMember(event: MemberChanged): void {
    this.apis.delete(event.memberId);
  }

  /** The convert call's wait for details (`PRODUCT_DETAILS_BUDGET_MS`). */
  get budgetMs(): number {
    return this.config.PRODUCT_DETAILS_BUDGET_MS;
  }

  /**
   * One outcome per link, in order. With `waitMs`, no longer than that from now: lookups not done by then answer
   * `product_timeout` (they go on in the background and fill the cache). Without, each waits for its lookup.
   */
  async detailsFor(links: readonly ProductLink[], memberId: string, waitMs?: number): Promise<ProductOutcome[]> {
    let timer: NodeJS.Timeout | undefined;
    const deadline =
      waitMs === undefined
        ? null
        : new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), waitMs);
          });
    try {
      const work = this.lookupAll(links, memberId);
      const first = deadline ? await Promise.race([work.credentials, deadline]) : await work.credentials;
      if (first === 'timeout') return links.map(() => timedOut());
      const outcomes = work.outcomes(first);
      return await Promise.all(
        outcomes.map(async (outcome) => {
          const settled = deadline ? await Promise.race([outcome, deadline]) : await outcome;
          return settled === 'timeout' ? timedOut() : settled;
        }),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private lookupAll(links: readonly ProductLink[], memberId: string) {
    const credentials = this.credentials(memberId);
    // A lookup failing after its caller stopped waiting is no unhandled rejection.
    credentials.catch(() => undefined);
    const outcomes = (apis: MarketplaceApiCredentials): Array<Promise<ProductOutcome>> =>
      links.map((link) => {
        const context = this.contextFor(link, memberId, apis);
        if ('code' in context) return Promise.resolve({ ok: false, error: context });
        return this.cache.fetch(cacheKey(context), { context }).then(
          (product): ProductOutcome =>
            product ? { ok: true, product } : { ok: false, error: unavailable('No details came back') },
          (error: unknown): ProductOutcome =>
            error instanceof LookupFailed
              ? { ok: false, error: error.outcome, retryAfterSeconds: error.retryAfterSeconds }
              : { ok: false, error: unavailable('The product details could not be read') },
        );
      });
    return { credentials, outcomes };
  }

  /** What to look up for a link, or why there is nothing to look up. */
  private contextFor(
    link: ProductLink,
    memberId: string,
    apis: MarketplaceApiCredentials,
  ): LookupContext | ProductError {
    if (link.marketplace !== 'shopee' && link.marketplace !== 'lazada') {
      return {
        code: 'product_unsupported',
        message: 'Product details come from the Shopee and Lazada affiliate APIs: none for this marketplace',
      };
    }
    const shopee = link.marketplace === 'shopee';
    if (link.kind !== 'product' || !link.itemId || (shopee && !link.shopId) || !link.canonicalUrl) {
      return { code: 'product_unsupported', message: 'Not a product page: product details exist for products only' };
    }
    const apiRegion = shopee ? shopeeOpenApiRegion(link.region) : lazadaApiRegion(link.region);
    const currency = currencyOf(link.region);
    if (!apiRegion || !currency) {
      return { code: 'product_unsupported', message: 'This marketplace site has no affiliate API for product details' };
    }
    if (shopee ? !apis.shopee : !apis.lazada) {
      return { code: 'product_not_configured', message: NOT_CONFIGURED_MESSAGES[link.marketplace] };
    }
    return {
      memberId,
      marketplace: link.marketplace,
      apiRegion,
      currency,
      shopId: link.shopId ?? '',
      itemId: link.itemId,
      url: link.canonicalUrl,
      shopee: apis.shopee,
      lazada: apis.lazada,
    };
  }

  private async credentials(memberId: string): Promise<MarketplaceApiCredentials> {
    const known = this.apis.get(memberId);
    if (known) return known;
    const saved = await this.settings.secrets(memberId, MARKETPLACE_API_SECRET_NAMES);
    const apis = marketplaceApiCredentials(saved);
    this.apis.set(memberId, apis);
    return apis;
  }

  /** The cache's fetch: Redis first, then the marketplace (quota, gate), the answer stored in both levels. */
  private async lookup(
    key: string,
    context: LookupContext,
    options: LRUCache.FetcherFetchOptions<string, ProductDetails, LookupContext>,
  ): Promise<ProductDetails> {
    const ttlMs = this.config.PRODUCT_CACHE_TTL_SECONDS * 1000;
    const shared = await this.redis.get(key);
    if (shared) {
      const details = parseCached(shared);
      if (details) {
        const age = this.clock.now().getTime() - Date.parse(details.fetched_at);
        if (age >= 0 && age < ttlMs) {
          options.ttl = ttlMs - age;
          return details;
        }
      }
    }
    if (context.marketplace === 'shopee') {
      const allowed = await this.quota.take(context.memberId);
      if (!allowed.ok) {
        throw new LookupFailed(
          {
            code: 'product_quota_exceeded',
            message:
              `Your Shopee Affiliate Open API calls for product details are spent for this hour ` +
              `(${this.quota.perHour} per hour): details again after the hour`,
          },
          allowed.retryAfterSeconds,
        );
      }
    }
    const attempt = await this.callMarketplace(context);
    if (!attempt.ok) throw new LookupFailed(failureOutcome(attempt.failure));
    if (!attempt.value.found) {
      throw new LookupFailed({
        code: 'product_not_found',
        message: `${context.marketplace === 'shopee' ? 'Shopee' : 'Lazada'} has no affiliate offer for this product`,
      });
    }
    const details = attempt.value.details;
    await this.redis.set(key, JSON.stringify(details), this.config.PRODUCT_CACHE_TTL_SECONDS);
    return details;
  }

  private callMarketplace(context: LookupContext): Promise<Attempt<Lookup>> {
    const endpoint = this.outside.endpoint(context.marketplace, context.apiRegion);
    if (context.marketplace === 'shopee') {
      const ids = { shopId: context.shopId, itemId: context.itemId };
      return this.outside.call(
        'shopee',
        () =>
          productOfferRequest(
            endpoint,
            ids.shopId,
            ids.itemId,
            context.shopee!,
            Math.floor(this.clock.now().getTime() / 1000),
          ),
        (res) => parseProductOffer(res, ids, context.currency, this.clock.now()),
      );
    }
    return this.outside.call(
      'lazada',
      () => lazadaProductRequest(endpoint, context.url, context.lazada!, this.clock.now().getTime()),
      (res) => parseLazadaProduct(res, context.url, context.itemId, context.currency, this.clock.now()),
    );
  }
}

/** Per item and member credentials: the member, the app (a hash of its id and secret), the site and the item. */
function cacheKey(context: LookupContext): string {
  const app =
    context.marketplace === 'shopee'
      ? `${context.shopee!.appId}\n${context.shopee!.secret}`
      : `${context.lazada!.appKey}\n${context.lazada!.appSecret}\n${context.lazada!.userToken}`;
  const appHash = createHash('sha256').update(app, 'utf8').digest('hex').slice(0, 16);
  return `${context.marketplace}:${context.apiRegion}:${context.shopId}:${context.itemId}:${context.memberId}:${appHash}`;
}

function parseCached(text: string): ProductDetails | null {
  try {
    const value = JSON.parse(text) as ProductDetails;
    return typeof value?.fetched_at === 'string' && typeof value.item_id === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** `product_timeout`: the details did not come within the convert call's budget. */
export function productTimeout(): ProductError {
  return {
    code: 'product_timeout',
    message:
      "The product details did not come within this call's budget: ask again in a moment (they are being fetched)",
  };
}

function timedOut(): ProductOutcome {
  return { ok: false, error: productTimeout() };
}

function unavailable(message: string): ProductError {
  return { code: 'product_unavailable', message };
}

function failureOutcome(failure: OutboundFailure): ProductError {
  switch (failure.code) {
    case 'invalid_upstream_credentials':
      return { code: 'product_credentials_refused', message: failure.message };
    case 'upstream_rate_limited':
      return { code: 'product_quota_exceeded', message: failure.message };
    case 'upstream_rejected':
      return { code: 'product_not_found', message: failure.message };
    default:
      return unavailable(failure.message);
  }
}
