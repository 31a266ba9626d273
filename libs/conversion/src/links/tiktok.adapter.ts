import { parse as parseDomain } from 'tldts';
import {
  AffiliateLinkResult,
  AffiliateParams,
  MarketplaceAdapter,
  MarketplaceId,
  ParsedLink,
} from './marketplace-link';
import { paramValue } from './query-filter';
import { normalizeHostname, normalizeShortLink, pathSegments } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'tiktok';
const DOMAIN = 'tiktok.com';
const DEFAULT_REGION = 'vn';

type TikTokHostRole = 'main' | 'shop' | 'short';

/** `www.tiktok.com` (videos, `/view/product`, `/shop/...`, `/t/<code>`), `shop.tiktok.com`, share hosts. */
const SUBDOMAIN_ROLES: ReadonlyMap<string, TikTokHostRole> = new Map<string, TikTokHostRole>([
  ['', 'main'],
  ['www', 'main'],
  ['m', 'main'],
  ['shop', 'shop'],
  ['vt', 'short'],
  ['vm', 'short'],
]);

/** TikTok ids are 19-digit numbers; accept any positive id without a leading zero. */
const ID = /^[1-9]\d{0,24}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const COUNTRY = /^[a-z]{2}$/i;
/** `@user/video/<id>`, `@user/photo/<id>`, `@user/live`: content, not products. */
const CONTENT_SECTIONS: ReadonlySet<string> = new Set(['video', 'photo', 'live']);
/** `?region=VN`: kept on `/view/product/<id>` links, where it selects the market. */
const REGION_PARAM = 'region';

const REASONS = {
  content: 'TikTok videos, photos and lives are not products',
  unknownShopPage: 'Not a TikTok Shop product or shop page',
  shortLinkWithoutCode: 'TikTok short link without a valid code',
  notTikTok: 'Not a TikTok Shop link',
} as const;

/**
 * TikTok Shop: `www.tiktok.com/view/product/<id>`, `shop.tiktok.com/<cc>/pdp/[<slug>/]<id>`,
 * `www.tiktok.com/shop/[<cc>/]pdp/<slug>/<id>`; share links `vt.tiktok.com/<code>`, `vm.tiktok.com/<code>`,
 * `www.tiktok.com/t/<code>`. Videos are recognised and refused (not products); other tiktok.com pages (profiles,
 * home, tags) are not marketplace links at all. No local affiliate format (AccessTrade's API only).
 */
export class TikTokAdapter implements MarketplaceAdapter {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'TikTok Shop';

  ownsHost(host: string): boolean {
    return hostRole(host) !== null;
  }

  isShortLinkHost(host: string): boolean {
    const role = hostRole(host);
    // `www.tiktok.com/t/<code>` is a short link on the main host; parse() still has to say 'short'.
    return role === 'short' || role === 'main';
  }

  parse(url: URL): ParsedLink | null {
    const role = hostRole(normalizeHostname(url.hostname));
    const segments = pathSegments(url.pathname);
    switch (role) {
      case 'short':
        return segments.length === 1 && SHORT_CODE.test(segments[0])
          ? shortLink(url)
          : invalidLink(REASONS.shortLinkWithoutCode);
      case 'main':
        return parseMainSite(url, segments);
      case 'shop':
        return parseShopSite(url, segments);
      default:
        return invalidLink(REASONS.notTikTok);
    }
  }

  buildAffiliateLink(link: ParsedLink, _params: AffiliateParams): AffiliateLinkResult {
    if ((link.kind !== 'product' && link.kind !== 'page') || !link.canonicalUrl) {
      throw new Error(`Cannot build a TikTok Shop affiliate link for a link of kind "${link.kind}"`);
    }
    return {
      ok: false,
      code: 'unsupported_for_marketplace',
      reason: 'TikTok Shop affiliate links cannot be built locally (they come from the AccessTrade API only)',
    };
  }
}

function hostRole(host: string): TikTokHostRole | null {
  const info = parseDomain(host);
  if (info.isIp || info.domain !== DOMAIN) return null;
  return SUBDOMAIN_ROLES.get(info.subdomain ?? '') ?? null;
}

function parseMainSite(url: URL, segments: string[]): ParsedLink | null {
  const [first, second] = segments.map((segment) => segment.toLowerCase());
  if (first === 't' && segments.length === 2 && SHORT_CODE.test(segments[1])) return shortLink(url);
  if (first === 'view' && second === 'product' && segments.length === 3 && ID.test(segments[2])) {
    return viewProduct(url, 'https://www.tiktok.com', segments[2]);
  }
  if (first === 'shop') return parseShopPath(url, 'https://www.tiktok.com', segments.slice(1), '/shop');
  if (first?.startsWith('@') && second !== undefined && CONTENT_SECTIONS.has(second)) {
    return notAProduct(REASONS.content);
  }
  return null;
}

function parseShopSite(url: URL, segments: string[]): ParsedLink {
  const [first, second] = segments.map((segment) => segment.toLowerCase());
  if (first === 'view' && second === 'product' && segments.length === 3 && ID.test(segments[2])) {
    return viewProduct(url, 'https://shop.tiktok.com', segments[2]);
  }
  return parseShopPath(url, 'https://shop.tiktok.com', segments, '');
}

/**
 * `[<cc>/]pdp/[<slug>/]<id>` → product; any other shop path (store, keyword and home pages) → page.
 * `prefix` is what precedes these segments in the path (`/shop` on www.tiktok.com).
 */
function parseShopPath(url: URL, origin: string, segments: string[], prefix: string): ParsedLink {
  const country = segments[0] && COUNTRY.test(segments[0]) ? segments[0].toLowerCase() : null;
  const rest = country ? segments.slice(1) : segments;
  const region = country ?? DEFAULT_REGION;
  if (rest[0]?.toLowerCase() === 'pdp') {
    const id = rest[rest.length - 1];
    if (rest.length < 2 || rest.length > 3 || !ID.test(id)) return notAProduct(REASONS.unknownShopPage, region);
    return {
      marketplace: MARKETPLACE,
      kind: 'product',
      region,
      canonicalUrl: `${origin}${prefix}/${segments.join('/')}`,
      itemId: id,
    };
  }
  const path = segments.length === 0 ? prefix || '/' : `${prefix}/${segments.join('/')}`;
  return { marketplace: MARKETPLACE, kind: 'page', region, canonicalUrl: `${origin}${path}` };
}

/** `/view/product/<id>`: the canonical link keeps `region` (it selects the market) and nothing else. */
function viewProduct(url: URL, origin: string, id: string): ParsedLink {
  const regionParam = paramValue(url.search, REGION_PARAM);
  const country = regionParam && COUNTRY.test(regionParam) ? regionParam.toUpperCase() : null;
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region: country?.toLowerCase() ?? DEFAULT_REGION,
    canonicalUrl: `${origin}/view/product/${id}${country ? `?region=${country}` : ''}`,
    itemId: id,
  };
}

function shortLink(url: URL): ParsedLink {
  return { marketplace: MARKETPLACE, kind: 'short', region: DEFAULT_REGION, shortUrl: normalizeShortLink(url) };
}

function notAProduct(reason: string, region = DEFAULT_REGION): ParsedLink {
  return { marketplace: MARKETPLACE, kind: 'not_convertible', region, reasonCode: 'not_a_product', reason };
}

function invalidLink(reason: string): ParsedLink {
  return {
    marketplace: MARKETPLACE,
    kind: 'not_convertible',
    region: DEFAULT_REGION,
    reasonCode: 'invalid_link',
    reason,
  };
}
