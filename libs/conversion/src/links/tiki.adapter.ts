import { parse as parseDomain } from 'tldts';
import {
  AffiliateLinkResult,
  AffiliateParams,
  MarketplaceAdapter,
  MarketplaceId,
  ParsedLink,
} from './marketplace-link';
import { onlyParams, paramValue, trackingRules, withoutTracking } from './query-filter';
import { embeddedWebUrl, normalizeHostname, normalizeShortLink, pathSegments } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'tiki';
const REGION = 'vn';
const ORIGIN = 'https://tiki.vn';
const AFFILIATE_HOST = 'ti.ki';

type TikiHostRole = 'main' | 'short';

/** `<slug>-p<id>.html`, `p<id>.html` */
const PRODUCT_SEGMENT = /^(?:.+-)?p([1-9]\d{0,19})\.html$/i;
const ID = /^[1-9]\d{0,19}$/;
/** `ti.ki/<code>` and `ti.ki/<publisher>/<campaign>` path segments. */
const CODE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a Tiki TAP publisher or campaign code has the shape this adapter can put in a `ti.ki` path. */
export function isTikiTapCode(value: string): boolean {
  return CODE_SEGMENT.test(value);
}
/** Shop, category, brand and promotion page segments. */
const SLUG_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** TAP parameter holding the target link. */
const TAP_TARGET_PARAM = 'tiki_uri';
/** `spid` picks the seller offer of a product: the only parameter a canonical product link keeps. */
const PRODUCT_PARAMS: ReadonlySet<string> = new Set(['spid']);

const NON_SHOPPABLE_SECTIONS: ReadonlySet<string> = new Set([
  'checkout',
  'customer',
  'sales',
  'order',
  'account',
  'cart',
  'login',
  'tiki-live',
  'chat',
  'help-center',
]);

const TIKI_TRACKING = trackingRules(['src', 'keyword', '_lc', '_bc', 'reco_id', 'tclid', 'tiki_uri'], {
  prefixes: ['itm_', 'tap_'],
});

const REASONS = {
  nonShoppablePage: 'Account, cart, checkout and similar Tiki pages cannot be converted',
  unknownPage: 'Not a Tiki product, shop, category, promotion or search page',
  shortLinkWithoutCode: 'Tiki short link without a valid code',
  badTapLink: 'Tiki affiliate link without a valid Tiki TIKI_URI parameter',
  notTiki: 'Not a Tiki link',
} as const;

/**
 * Tiki: `tiki.vn/<slug>-p<id>.html[?spid=]`, `tiki.vn/p/<id>`, shop/category/search/promotion pages;
 * `ti.ki/<code>[/<campaign>]` short links; TAP affiliate links `ti.ki/<publisher>/<campaign>?TIKI_URI=<enc>` are
 * read from TIKI_URI, never fetched. Affiliate links are TAP links built with the member's TAP codes.
 */
export class TikiAdapter implements MarketplaceAdapter {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'Tiki';

  ownsHost(host: string): boolean {
    return hostRole(host) !== null;
  }

  isShortLinkHost(host: string): boolean {
    return hostRole(host) === 'short';
  }

  parse(url: URL): ParsedLink {
    switch (hostRole(normalizeHostname(url.hostname))) {
      case 'main':
        return parseMainSite(url);
      case 'short':
        return parseAffiliateHost(url);
      default:
        return invalidLink(REASONS.notTiki);
    }
  }

  buildAffiliateLink(link: ParsedLink, params: AffiliateParams): AffiliateLinkResult {
    if ((link.kind !== 'product' && link.kind !== 'page') || !link.canonicalUrl) {
      throw new Error(`Cannot build a Tiki affiliate link for a link of kind "${link.kind}"`);
    }
    const publisher = params.marketplaceSettings?.tikiPublisherCode?.trim() ?? '';
    const campaign = params.marketplaceSettings?.tikiCampaignCode?.trim() ?? '';
    if (!CODE_SEGMENT.test(publisher) || !CODE_SEGMENT.test(campaign)) {
      return {
        ok: false,
        code: 'marketplace_not_configured',
        reason: 'Tiki affiliate links need your Tiki TAP publisher and campaign codes in your settings',
      };
    }
    const target = encodeURIComponent(link.canonicalUrl);
    return {
      ok: true,
      url: `https://${AFFILIATE_HOST}/${publisher}/${campaign}?TIKI_URI=${target}&utm_term=TAPO.TIKI`,
    };
  }
}

function hostRole(host: string): TikiHostRole | null {
  const info = parseDomain(host);
  if (info.isIp || !info.domain) return null;
  const subdomain = info.subdomain ?? '';
  if (info.domain === AFFILIATE_HOST) return subdomain === '' ? 'short' : null;
  if (info.domain === 'tiki.vn') return subdomain === '' || subdomain === 'www' || subdomain === 'm' ? 'main' : null;
  return null;
}

function parseMainSite(url: URL): ParsedLink {
  const segments = pathSegments(url.pathname);
  const section = segments[0]?.toLowerCase();
  if (section !== undefined && NON_SHOPPABLE_SECTIONS.has(section)) return notAProduct(REASONS.nonShoppablePage);
  if (segments.length === 1) {
    const match = PRODUCT_SEGMENT.exec(segments[0]);
    if (match) return product(`/${segments[0]}`, match[1], url);
  }
  if (section === 'p' && segments.length === 2 && ID.test(segments[1]))
    return product(`/p/${segments[1]}`, segments[1], url);
  const path = pagePath(segments);
  return path === null ? notAProduct(REASONS.unknownPage) : page(path, url);
}

/** Home, search, one-slug pages (`/nha-sach-tiki`), two-slug pages (`/cua-hang/<shop>`, `/<category>/c<id>`). */
function pagePath(segments: readonly string[]): string | null {
  if (segments.length === 0) return '/';
  if (segments.length > 2 || !segments.every((segment) => SLUG_SEGMENT.test(segment))) return null;
  return `/${segments.join('/')}`;
}

/** `ti.ki/<publisher>/<campaign>?TIKI_URI=…` (read, never fetched) or a `ti.ki/<code>[/<campaign>]` short link. */
function parseAffiliateHost(url: URL): ParsedLink {
  const segments = pathSegments(url.pathname);
  const validPath = segments.length >= 1 && segments.length <= 2 && segments.every((s) => CODE_SEGMENT.test(s));
  const rawTarget = paramValue(url.search, TAP_TARGET_PARAM);
  if (rawTarget !== null) {
    const target = embeddedWebUrl(rawTarget);
    if (!validPath || !target || hostRole(normalizeHostname(target.hostname)) !== 'main') {
      return invalidLink(REASONS.badTapLink);
    }
    return { ...parseMainSite(target), fromAffiliateRedirect: true };
  }
  if (!validPath) return invalidLink(REASONS.shortLinkWithoutCode);
  return { marketplace: MARKETPLACE, kind: 'short', region: REGION, shortUrl: normalizeShortLink(url) };
}

function product(path: string, itemId: string, url: URL): ParsedLink {
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region: REGION,
    canonicalUrl: `${ORIGIN}${path}${onlyParams(url.search, PRODUCT_PARAMS)}`,
    itemId,
  };
}

function page(path: string, url: URL): ParsedLink {
  return {
    marketplace: MARKETPLACE,
    kind: 'page',
    region: REGION,
    canonicalUrl: `${ORIGIN}${path}${withoutTracking(url.search, TIKI_TRACKING)}`,
  };
}

function notAProduct(reason: string): ParsedLink {
  return { marketplace: MARKETPLACE, kind: 'not_convertible', region: REGION, reasonCode: 'not_a_product', reason };
}

function invalidLink(reason: string): ParsedLink {
  return { marketplace: MARKETPLACE, kind: 'not_convertible', region: REGION, reasonCode: 'invalid_link', reason };
}
