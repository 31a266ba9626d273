import { AffiliateLinkResult, AffiliateParams, MarketplaceId, ParsedLink } from './marketplace-link';
import { BuildableLink, HostParsers, marketplaceLinks, OwnedHost, sharedReasons, TableAdapter } from './adapter-parts';
import { ACCOUNT_POLICY_HELP_SECTIONS, isPolicySlug } from './non-shoppable';
import { PathFamily } from './recognition';
import {
  affiliateRedirectEndpoint,
  classifyShopeeHost,
  DEFAULT_REGION,
  mainSiteOrigin,
  ShopeeHostRole,
  shopeeHosts,
} from './shopee-hosts';
import { paramValue } from './query-filter';
import { voucherQuery, withoutTrackingQuery } from './shopee-query';
import { embeddedWebUrl, normalizeHostname, pathSegments } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'shopee';
const LINKS = marketplaceLinks(MARKETPLACE);

/** Shop and item ids: positive integers, no leading zero (a leading zero would produce a dead canonical link). */
const ID = /^[1-9]\d{0,19}$/;
/** `<Slug>-i.<shopId>.<itemId>`, one path segment (the slug may hold percent-encoding, parentheses...). */
const SLUG_PRODUCT_SEGMENT = /^.+-i\.([1-9]\d{0,19})\.([1-9]\d{0,19})$/;
/** `<Category-Name>-cat.<id>[.<subId>...]` */
const CATEGORY_SEGMENT = /^.+-cat\.\d+(?:\.\d+)*$/;
/** The shop segment of `/<shop-username>/<shopId>/<itemId>`. */
const PRODUCT_OWNER_SEGMENT = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * Any other single segment: `/<username>` shop pages, keyword pages such as `/mall` or `/flash_sale`, and pages
 * without an id pattern such as `/some-shop-page` (still convertible by an_redir).
 * Percent-encoded as in the URL.
 */
const SINGLE_PAGE_SEGMENT = /^[A-Za-z0-9._~%()!*'-]{1,128}$/;
/** A product slug whose ids were cut (`Ao-i.1`, `Ao-i.1.`): a dead link, never a page. */
const TRUNCATED_PRODUCT_SEGMENT = /-i\.\d*(?:\.\d*)?$/;
/** `/<code>` on a short-link host. */
const SHORT_CODE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
/** Single segments that look like usernames but are routes missing their ids (or an_redir, which lives on s.shopee.*). */
const ROUTE_PREFIXES: ReadonlySet<string> = new Set(['product', 'opaanlp', 'shop', 'an_redir']);

const AFFILIATE_REDIRECT_SEGMENT = 'an_redir';
const ORIGIN_LINK_PARAM = 'origin_link';
const UNIVERSAL_LINK_SEGMENT = 'universal-link';
const QUERY_ID_PARAMS: ReadonlyArray<readonly [string, string]> = [
  ['shopid', 'itemid'],
  ['shop_id', 'item_id'],
];

/** First path segments (lower-case) of account, transaction and other non-shoppable pages on the main site. */
const NON_SHOPPABLE_SECTIONS: ReadonlySet<string> = new Set([
  ...ACCOUNT_POLICY_HELP_SECTIONS,
  'buyer',
  'cart',
  'checkout',
  'payment',
  'order',
  'purchase',
  'me',
  'verify',
  'notifications',
  'chat',
  'live',
  'video',
  'feed',
  'game',
  'games',
  'seller',
]);
/** `/mall/search?keyword=`: Shopee Mall's search, a search page like `/search`. */
const MALL_SEARCH_PATH = ['mall', 'search'];

const NON_PRODUCT_HOST_REASONS: Readonly<Record<Exclude<ShopeeHostRole, 'main' | 'short'>, string>> = {
  share_video: 'Shopee Video share links are not product links',
  live: 'Shopee Live links are not product links',
  affiliate_portal: 'Shopee Affiliate portal pages are not product links',
  food: 'ShopeeFood links are not supported',
};

const REASONS = {
  ...sharedReasons('Shopee'),
  unknownPage: 'Not a Shopee product, shop, category, campaign or search page',
  universalLinkTarget: 'This Shopee app link does not point to a product or a shop',
  badAffiliateRedirect: 'Shopee affiliate redirect link without a valid Shopee origin_link',
  productOfferWithoutShop:
    'Shopee Affiliate portal offer pages name the item but not its shop id, so no Shopee link can be built: ' +
    'paste the product link instead',
} as const;

const ROLE_LABELS: Readonly<Record<ShopeeHostRole, string>> = {
  main: 'site',
  short: 'short links',
  share_video: 'Shopee Video',
  live: 'Shopee Live',
  affiliate_portal: 'affiliate portal',
  food: 'ShopeeFood',
};

/** The path families the parser below reads, by host role, each with an example it must read as said. */
const PATH_FAMILIES: readonly PathFamily[] = [
  {
    roles: ['main'],
    path: '/<slug>-i.<shop>.<item>',
    kind: 'product',
    example: 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260',
    note: 'the slug percent-encoded or raw (`(…)`, `…`, `【】`, emoji); only voucher signatures kept',
  },
  { roles: ['main'], path: '/product/<shop>/<item>', kind: 'product', example: 'https://shopee.sg/product/1/2' },
  { roles: ['main'], path: '/opaanlp/<shop>/<item>', kind: 'product', example: 'https://shopee.vn/opaanlp/1/2' },
  { roles: ['main'], path: '/<shop-name>/<shop>/<item>', kind: 'product', example: 'https://shopee.vn/coolmate/1/2' },
  {
    roles: ['main'],
    path: `/${UNIVERSAL_LINK_SEGMENT}/product/<shop>/<item>`,
    kind: 'product',
    example: 'https://shopee.vn/universal-link/product/1/2',
  },
  {
    roles: ['main'],
    path: QUERY_ID_PARAMS.map(([shop, item]) => `?${shop}=<shop>&${item}=<item>`).join(', '),
    kind: 'product',
    example: 'https://shopee.vn/item?shopid=1&itemid=2',
  },
  {
    roles: ['app'],
    path: '`shopee://product/<shop>/<item>`, `shopeevn://…`',
    kind: 'product',
    example: 'shopee://product/1/2',
    note: 'read as `https://shopee.vn/universal-link/…`',
  },
  {
    roles: ['main'],
    path: '/<username>, any other one-segment page',
    kind: 'page',
    example: 'https://shopee.vn/coolmate.vn?entryPoint=ShopBySearch',
  },
  { roles: ['main'], path: '/shop/<shop>', kind: 'page', example: 'https://shopee.vn/shop/88201679' },
  {
    roles: ['main'],
    path: `/${UNIVERSAL_LINK_SEGMENT}/shop/<shop>`,
    kind: 'page',
    example: 'https://shopee.vn/universal-link/shop/1',
  },
  { roles: ['main'], path: '/m/<campaign>', kind: 'page', example: 'https://shopee.vn/m/ma-giam-gia' },
  { roles: ['main'], path: '/<name>-cat.<id>[.<id>…]', kind: 'page', example: 'https://shopee.sg/Mobile-cat.11036030' },
  { roles: ['main'], path: '/search?keyword=', kind: 'page', example: 'https://shopee.vn/search?keyword=ao' },
  {
    roles: ['main'],
    path: `/${MALL_SEARCH_PATH.join('/')}?keyword=`,
    kind: 'page',
    example: 'https://shopee.vn/mall/search?keyword=son%20moi',
    note: 'Shopee Mall search',
  },
  { roles: ['main'], path: '/', kind: 'page', example: 'https://shopee.vn/', note: 'home' },
  {
    roles: ['main'],
    path: '/<slug>-i.<shop> (ids cut)',
    kind: 'refused',
    example: 'https://shopee.vn/Ao-thun-i.123',
  },
  {
    roles: ['main'],
    path: '`/<slug>-` (a one-segment page ending in `-`)',
    kind: 'refused',
    example: 'https://shopee.vn/Ao-thun-nam-co-tron-',
    note: 'a slug cut by a line break',
  },
  {
    roles: ['main'],
    path: '`/<policy-slug>` (`privacy-policy`, `dieu-khoan-su-dung`...)',
    kind: 'refused',
    example: 'https://shopee.co.id/privacy-policy',
    note: 'policy pages',
  },
  {
    roles: ['main'],
    path: [...NON_SHOPPABLE_SECTIONS].map((section) => `/${section}`).join(', '),
    kind: 'refused',
    example: 'https://shopee.vn/cart',
    note: 'account, cart, checkout and other non-shoppable sections, and what is under them',
  },
  { roles: ['short'], path: '/<code>', kind: 'short', example: 'https://s.shopee.vn/8pZnE3uF0k' },
  {
    roles: ['short'],
    path: `/${AFFILIATE_REDIRECT_SEGMENT}?${ORIGIN_LINK_PARAM}=<Shopee link>`,
    kind: 'foreign',
    example: 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=9',
  },
  {
    roles: ['short'],
    path: 'any other (an `an_redir` without a Shopee `origin_link`, no valid code)',
    kind: 'refused',
    example: 'https://s.shopee.vn/an_redir?affiliate_id=1&sub_id=a',
  },
  {
    roles: ['affiliate_portal'],
    path: '/offer/product_offer/<item> (no shop id), any other page',
    kind: 'refused',
    example: 'https://affiliate.shopee.vn/offer/product_offer/27971600849',
  },
  {
    roles: ['share_video', 'live', 'food'],
    path: 'any',
    kind: 'refused',
    example: 'https://sv.shopee.vn/share-video/abc',
  },
];

/** The query parameters that name a product's model (variation), compared lower-case. */
const MODEL_ID_PARAMS = ['model_id', 'modelid'] as const;

interface ProductIds {
  shopId: string;
  itemId: string;
  /** The original `<Slug>-i.<shop>.<item>` segment, kept in the canonical link. */
  slugSegment?: string;
}

export class ShopeeAdapter extends TableAdapter<ShopeeHostRole> {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'Shopee';
  protected readonly classify = classifyShopeeHost;
  protected readonly shortLinkRoles = ['short'] as const;
  protected readonly parsers: HostParsers<ShopeeHostRole> = {
    main: (url, host) => parseMainSite(url, host.region),
    short: (url, host) => parseShortLinkHost(url, host.region),
    affiliate_portal: (url, host) =>
      isProductOffer(url) ? LINKS.invalid(host.region, REASONS.productOfferWithoutShop) : notProductHost(url, host),
    share_video: notProductHost,
    live: notProductHost,
    food: notProductHost,
  };
  protected readonly notOwned = LINKS.invalid(DEFAULT_REGION, REASONS.notThisMarketplace);

  protected recognitionTables() {
    return { hosts: shopeeHosts(), roles: ROLE_LABELS, paths: PATH_FAMILIES };
  }

  protected affiliateLink(link: BuildableLink, params: AffiliateParams): AffiliateLinkResult {
    if (!params.affiliateId) throw new Error('affiliateId is required to build a Shopee affiliate link');
    const query = [
      `origin_link=${encodeURIComponent(link.canonicalUrl)}`,
      `affiliate_id=${encodeURIComponent(params.affiliateId)}`,
    ];
    if (params.subIds.length > 0) query.push(`sub_id=${encodeURIComponent(params.subIds.join('-'))}`);
    return { ok: true, url: `${affiliateRedirectEndpoint(link.region)}?${query.join('&')}` };
  }
}

// ---------------------------------------------------------------- main site (shopee.<region>, www., m.)

function parseMainSite(url: URL, region: string): ParsedLink {
  const segments = pathSegments(url.pathname);
  const section = segments[0]?.toLowerCase();
  if (section !== undefined && NON_SHOPPABLE_SECTIONS.has(section)) {
    return LINKS.notAProduct(region, REASONS.nonShoppablePage);
  }
  if (section === UNIVERSAL_LINK_SEGMENT) return parseUniversalLink(url, region, segments.slice(1));

  const ids = productIdsFromPath(segments) ?? productIdsFromQuery(url.searchParams);
  if (ids) return productLink(url, region, ids);
  if (segments.length === 1 && isPolicySlug(segments[0])) return LINKS.notAProduct(region, REASONS.nonShoppablePage);
  if (segments.length === 1 && segments[0].endsWith('-')) return LINKS.notAProduct(region, REASONS.cutSlug);
  const pagePath = canonicalPagePath(segments);
  if (pagePath !== null) return pageLink(url, region, pagePath);
  return LINKS.notAProduct(region, REASONS.unknownPage);
}

/** `/universal-link/<target>`: app deep links; only product and shop targets are shoppable. */
function parseUniversalLink(url: URL, region: string, target: string[]): ParsedLink {
  const ids = productIdsFromPath(target) ?? productIdsFromQuery(url.searchParams);
  if (ids) return productLink(url, region, ids);
  if (isShopPath(target)) return pageLink(url, region, shopPagePath(target));
  return LINKS.notAProduct(region, REASONS.universalLinkTarget);
}

/** `/<Slug>-i.<s>.<i>`, `/product/<s>/<i>`, `/opaanlp/<s>/<i>`, `/<shop-username>/<s>/<i>`. */
function productIdsFromPath(segments: readonly string[]): ProductIds | null {
  if (segments.length === 1) {
    const match = SLUG_PRODUCT_SEGMENT.exec(segments[0]);
    return match ? { shopId: match[1], itemId: match[2], slugSegment: segments[0] } : null;
  }
  if (segments.length === 3) {
    const [owner, shopId, itemId] = segments;
    if (PRODUCT_OWNER_SEGMENT.test(owner) && ID.test(shopId) && ID.test(itemId)) return { shopId, itemId };
  }
  return null;
}

/** `?shopid=&itemid=` or `?shop_id=&item_id=` (parameter names compared case-insensitively). */
function productIdsFromQuery(params: URLSearchParams): ProductIds | null {
  const byName = new Map<string, string>();
  params.forEach((value, name) => {
    if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), value);
  });
  for (const [shopParam, itemParam] of QUERY_ID_PARAMS) {
    const shopId = byName.get(shopParam);
    const itemId = byName.get(itemParam);
    if (shopId && itemId && ID.test(shopId) && ID.test(itemId)) return { shopId, itemId };
  }
  return null;
}

/** The canonical path of a convertible non-product page, or null when the path is not one. */
function canonicalPagePath(segments: readonly string[]): string | null {
  if (segments.length === 0) return '/';
  const [first, second] = segments;
  if (segments.length === 1) {
    const isPage =
      CATEGORY_SEGMENT.test(first) ||
      (SINGLE_PAGE_SEGMENT.test(first) &&
        !ROUTE_PREFIXES.has(first.toLowerCase()) &&
        !TRUNCATED_PRODUCT_SEGMENT.test(first));
    return isPage ? `/${first}` : null;
  }
  if (isShopPath(segments)) return shopPagePath(segments);
  if (segments.length === 2 && first.toLowerCase() === 'm') return `/m/${second}`;
  if (segments.map((segment) => segment.toLowerCase()).join('/') === MALL_SEARCH_PATH.join('/')) {
    return `/${MALL_SEARCH_PATH.join('/')}`;
  }
  return null;
}

/** `shop/<shopId>` */
function isShopPath(segments: readonly string[]): boolean {
  return segments.length === 2 && segments[0].toLowerCase() === 'shop' && ID.test(segments[1]);
}

function shopPagePath(segments: readonly string[]): string {
  return `/shop/${segments[1]}`;
}

function productLink(url: URL, region: string, ids: ProductIds): ParsedLink {
  const path = ids.slugSegment ? `/${ids.slugSegment}` : `/product/${ids.shopId}/${ids.itemId}`;
  const modelId = modelIdOf(url.search);
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region,
    canonicalUrl: `${mainSiteOrigin(region)}${path}${voucherQuery(url.search)}`,
    shopId: ids.shopId,
    itemId: ids.itemId,
    ...(modelId ? { modelId } : {}),
  };
}

/** The model (variation) id a product link names: `?model_id=` or `?modelid=` (case-insensitive), digits only. */
function modelIdOf(search: string): string | null {
  for (const name of MODEL_ID_PARAMS) {
    const value = paramValue(search, name);
    if (value !== null && ID.test(value)) return value;
  }
  return null;
}

function pageLink(url: URL, region: string, path: string): ParsedLink {
  return LINKS.page(region, `${mainSiteOrigin(region)}${path}${withoutTrackingQuery(url.search)}`);
}

/** `affiliate.shopee.<tld>/offer/product_offer/<itemId>`: an item without its shop. */
function isProductOffer(url: URL): boolean {
  const [offer, kind, itemId, ...rest] = pathSegments(url.pathname);
  return offer === 'offer' && kind === 'product_offer' && itemId !== undefined && ID.test(itemId) && rest.length === 0;
}

// ---------------------------------------------------------------- short-link hosts (s.shopee.*, shp.ee, shope.ee)

function parseShortLinkHost(url: URL, region: string): ParsedLink {
  const segments = pathSegments(url.pathname);
  if (segments.length === 1 && segments[0].toLowerCase() === AFFILIATE_REDIRECT_SEGMENT) {
    return parseAffiliateRedirect(url, region);
  }
  if (segments.length === 1 && SHORT_CODE_SEGMENT.test(segments[0])) return LINKS.short(url, region);
  return LINKS.invalid(region, REASONS.shortLinkWithoutCode);
}

/**
 * A foreign affiliate's an_redir link. It is never fetched (that would count a click for them):
 * its origin_link is parsed instead, and the foreign affiliate_id / sub_id are dropped.
 */
function parseAffiliateRedirect(url: URL, region: string): ParsedLink {
  const origin = embeddedWebUrl(url.searchParams.get(ORIGIN_LINK_PARAM));
  const host = origin && classifyShopeeHost(normalizeHostname(origin.hostname));
  if (!origin || host?.role !== 'main') return LINKS.invalid(region, REASONS.badAffiliateRedirect);
  return { ...parseMainSite(origin, host.region), fromAffiliateRedirect: true };
}

// ---------------------------------------------------------------- other hosts (Shopee Video, Live, the portal...)

/** A Shopee host without products (Shopee Video, Live, ShopeeFood, the affiliate portal's other pages). */
function notProductHost(_url: URL, host: OwnedHost<keyof typeof NON_PRODUCT_HOST_REASONS>): ParsedLink {
  return LINKS.notAProduct(host.region, NON_PRODUCT_HOST_REASONS[host.role]);
}
