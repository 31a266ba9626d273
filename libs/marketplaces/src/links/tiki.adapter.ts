import { parse as parseDomain } from 'tldts';
import { AffiliateLinkResult, AffiliateParams, MarketplaceId, ParsedLink } from './marketplace-link';
import { BuildableLink, HostParsers, marketplaceLinks, OwnedHost, sharedReasons, TableAdapter } from './adapter-parts';
import { ACCOUNT_POLICY_HELP_SECTIONS, isAccountPolicyOrHelpPath } from './non-shoppable';
import { onlyParams, paramValue, trackingRules, withoutTracking } from './query-filter';
import { hostName, PathFamily } from './recognition';
import { embeddedWebUrl, normalizeHostname, pathSegments } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'tiki';
const LINKS = marketplaceLinks(MARKETPLACE);
const REGION = 'vn';
const ORIGIN = 'https://tiki.vn';
const AFFILIATE_HOST = 'ti.ki';

type TikiHostRole = 'main' | 'short';

/** Tiki's hosts: the site, and `ti.ki` (short links and TAP affiliate links). */
const TIKI_HOSTS: ReadonlyArray<{ domain: string; subdomains: readonly string[]; role: TikiHostRole }> = [
  { domain: 'tiki.vn', subdomains: ['', 'www', 'm'], role: 'main' },
  { domain: AFFILIATE_HOST, subdomains: [''], role: 'short' },
];
const ROLE_BY_HOST: ReadonlyMap<string, TikiHostRole> = new Map(
  TIKI_HOSTS.flatMap((host) =>
    host.subdomains.map((subdomain) => [hostName(subdomain, host.domain), host.role] as const),
  ),
);
const ROLE_LABELS: Readonly<Record<TikiHostRole, string>> = { main: 'site', short: 'short and TAP links' };

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
const SELLER_OFFER_PARAM = 'spid';
const PRODUCT_PARAMS: ReadonlySet<string> = new Set([SELLER_OFFER_PARAM]);

const NON_SHOPPABLE_SECTIONS: ReadonlySet<string> = new Set([
  ...ACCOUNT_POLICY_HELP_SECTIONS,
  'checkout',
  'customer',
  'sales',
  'order',
  'cart',
  'tiki-live',
  'chat',
]);

const TIKI_TRACKING = trackingRules(['src', 'keyword', '_lc', '_bc', 'reco_id', 'tclid', 'tiki_uri'], {
  prefixes: ['itm_', 'tap_'],
});

/** The path families the parser below reads, by host role, each with an example it must read as said. */
const PATH_FAMILIES: readonly PathFamily[] = [
  {
    roles: ['main'],
    path: '/<slug>-p<id>.html, /p<id>.html',
    kind: 'product',
    example: 'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491&src=x',
    note: 'keeps only `spid` (the seller offer)',
  },
  { roles: ['main'], path: '/p/<id>', kind: 'product', example: 'https://tiki.vn/p/276665412' },
  {
    roles: ['main'],
    path: '/<slug>, /<slug>/<slug>',
    kind: 'page',
    example: 'https://tiki.vn/khuyen-mai/hang-quoc-te',
    note: 'shop, category, brand, promotion, search pages',
  },
  { roles: ['main'], path: '/', kind: 'page', example: 'https://tiki.vn/', note: 'home' },
  {
    roles: ['main'],
    path: [...NON_SHOPPABLE_SECTIONS].map((section) => `/${section}`).join(', '),
    kind: 'refused',
    example: 'https://tiki.vn/checkout/cart',
    note: 'account, cart, checkout sections, and what is under them',
  },
  {
    roles: ['main'],
    path: '`/<policy-slug>` (`chinh-sach-bao-mat`, `dieu-khoan-su-dung`...), `/<slug>-`',
    kind: 'refused',
    example: 'https://tiki.vn/chinh-sach-bao-mat',
    note: 'policy pages; a one-segment page ending in `-` is a slug cut by a line break',
  },
  {
    roles: ['short'],
    path: '/<publisher>/<campaign>?TIKI_URI=<Tiki link>',
    kind: 'foreign',
    example: 'https://ti.ki/Pub/CAMP?TIKI_URI=https%3A%2F%2Ftiki.vn%2Fx-p1.html&utm_term=TAPO.TIKI',
  },
  { roles: ['short'], path: '/<code>[/<campaign>]', kind: 'short', example: 'https://ti.ki/M39Oj1kb/CAREER-UP' },
  {
    roles: ['short'],
    path: 'any other (a `TIKI_URI` that is not Tiki, no valid code)',
    kind: 'refused',
    example: 'https://ti.ki/a/b/c',
  },
];

const REASONS = {
  ...sharedReasons('Tiki'),
  unknownPage: 'Not a Tiki product, shop, category, promotion or search page',
  badTapLink: 'Tiki affiliate link without a valid Tiki TIKI_URI parameter',
} as const;

/**
 * Tiki: `tiki.vn/<slug>-p<id>.html[?spid=]`, `tiki.vn/p/<id>`, shop/category/search/promotion pages;
 * `ti.ki/<code>[/<campaign>]` short links; TAP affiliate links `ti.ki/<publisher>/<campaign>?TIKI_URI=<enc>` are
 * read from TIKI_URI, never fetched. Affiliate links are TAP links built with the member's TAP codes.
 */
export class TikiAdapter extends TableAdapter<TikiHostRole> {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'Tiki';
  protected readonly classify = (host: string): OwnedHost<TikiHostRole> | null => {
    const role = hostRole(host);
    return role && { role, region: REGION };
  };
  protected readonly shortLinkRoles = ['short'] as const;
  protected readonly parsers: HostParsers<TikiHostRole> = { main: parseMainSite, short: parseAffiliateHost };
  protected readonly notOwned = invalidLink(REASONS.notThisMarketplace);

  protected recognitionTables() {
    const hosts = [...ROLE_BY_HOST].map(([host, role]) => ({ host, region: REGION, role }));
    return { hosts, roles: ROLE_LABELS, paths: PATH_FAMILIES };
  }

  protected affiliateLink(link: BuildableLink, params: AffiliateParams): AffiliateLinkResult {
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
  const role = ROLE_BY_HOST.get(host);
  // tldts confirms the name is a host under a real public suffix (not an IP, nothing odd).
  return role && parseDomain(host).domain ? role : null;
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
  if (isAccountPolicyOrHelpPath(segments, NON_SHOPPABLE_SECTIONS)) return notAProduct(REASONS.nonShoppablePage);
  if (segments.length === 1 && segments[0].endsWith('-')) return notAProduct(REASONS.cutSlug);
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
  return LINKS.short(url, REGION);
}

function product(path: string, itemId: string, url: URL): ParsedLink {
  const spid = paramValue(url.search, SELLER_OFFER_PARAM);
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region: REGION,
    canonicalUrl: `${ORIGIN}${path}${onlyParams(url.search, PRODUCT_PARAMS)}`,
    itemId,
    ...(spid !== null && ID.test(spid) ? { spid } : {}),
  };
}

function page(path: string, url: URL): ParsedLink {
  return LINKS.page(REGION, `${ORIGIN}${path}${withoutTracking(url.search, TIKI_TRACKING)}`);
}

function notAProduct(reason: string): ParsedLink {
  return LINKS.notAProduct(REGION, reason);
}

function invalidLink(reason: string): ParsedLink {
  return LINKS.invalid(REGION, reason);
}
