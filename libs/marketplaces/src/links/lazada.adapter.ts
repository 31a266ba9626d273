import { parse as parseDomain } from 'tldts';
import { AffiliateLinkResult, AffiliateParams, MarketplaceId, ParsedLink } from './marketplace-link';
import { BuildableLink, HostParsers, marketplaceLinks, OwnedHost, sharedReasons, TableAdapter } from './adapter-parts';
import { ACCOUNT_POLICY_HELP_SECTIONS, isAccountPolicyOrHelpPath, isPolicySlug } from './non-shoppable';
import { paramValue, trackingRules, withoutTracking } from './query-filter';
import { hostName, PathFamily, RecognisedHost } from './recognition';
import { embeddedWebUrl, normalizeHostname, pathSegments, tryParseUrl } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'lazada';
const LINKS = marketplaceLinks(MARKETPLACE);

/** Public suffixes of the Lazada sites. An explicit list: `lazada.<other suffix>` may belong to anyone. */
const LAZADA_REGIONS: ReadonlySet<string> = new Set(['vn', 'co.th', 'com.my', 'co.id', 'com.ph', 'sg']);
/** The region whose master links the member setting holds; the service targets Vietnam. */
const MASTER_LINK_REGION = 'vn';
/** `lzd.co` serves every region; the landing page tells the real one. */
const DEFAULT_REGION = 'vn';
const SHORT_DOMAIN = 'lzd.co';

type LazadaHostRole = 'main' | 'pages' | 'short' | 'master';

const SUBDOMAIN_ROLES: ReadonlyMap<string, LazadaHostRole> = new Map<string, LazadaHostRole>([
  ['', 'main'],
  ['www', 'main'],
  ['m', 'main'],
  ['pages', 'pages'],
  ['s', 'short'],
  ['c', 'master'],
]);

type LazadaHost = OwnedHost<LazadaHostRole>;

/** `<slug>-i<item>[-s<sku>].html`, `i<item>[-s<sku>].html` (the last segment of `/products/...`). */
const PRODUCT_SEGMENT = /^(?:.+-)?i([1-9]\d{0,19})(?:-s([1-9]\d{0,19}))?\.html$/i;
/** A last path segment naming a file (`x.html`, `promo.htm`): never followed by `/`, which would be a dead link. */
const FILE_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,4}$/;
/** `s.<code>` on `s.lazada.*`. */
const SHARE_CODE_SEGMENT = /^s\.[A-Za-z0-9_-]{1,64}$/;
/** `c.<code>` after `/t/` on `c.lazada.*`. */
const MASTER_CODE_SEGMENT = /^c\.([A-Za-z0-9_-]{1,64})$/;
/** `/<code>` on `lzd.co`. */
const SHORT_CODE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
/** A category or shop page named by one slug segment: `/dien-thoai-di-dong/`, `/shop-name/`. */
const SLUG_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** The master link code of the member setting, once `https://c.lazada.vn/t/` and `c.` are dropped. */
const MASTER_CODE = /^[A-Za-z0-9]{1,32}$/;

const MASTER_LINK_TARGET_PARAM = 'url';

/** First path segments (lower-case) of account, transaction and help pages. */
const NON_SHOPPABLE_SECTIONS: ReadonlySet<string> = new Set([
  ...ACCOUNT_POLICY_HELP_SECTIONS,
  'customer',
  'cart',
  'checkout',
  'wallet',
  'order',
  'orders',
  'chat',
  'messages',
]);

/** Tracking parameters of Lazada links: search and recommendation trails, affiliate and share markers. */
const LAZADA_TRACKING = trackingRules(
  [
    'spm',
    'scm',
    'search',
    'mp',
    'c',
    'clicktrackinfo',
    'abbucket',
    'from',
    'from_gcp',
    'trafficfrom',
    'laz_trackid',
    'laz_share_info',
    'laz_token',
    'mkttid',
    'exlaz',
    'dsource',
    'sub_aff_id',
    'sub_id1',
    'sub_id2',
    'sub_id3',
    'sub_id4',
    'sub_id5',
    'sub_id6',
    'subid1',
    'subid2',
    'subid3',
    'subid4',
    'subid5',
    'subid6',
    'intent',
    'fallback',
  ],
  { prefixes: ['lzd_'] },
);

const ROLE_LABELS: Readonly<Record<LazadaHostRole, string>> = {
  main: 'site',
  pages: 'campaign pages',
  short: 'short links',
  master: 'master links (affiliate)',
};

/** The path families the parser below reads, by host role, each with an example it must read as said. */
const PATH_FAMILIES: readonly PathFamily[] = [
  {
    roles: ['main'],
    path: '/products/[<slug>-]i<item>[-s<sku>].html',
    kind: 'product',
    example: 'https://www.lazada.vn/products/pdp-i204631671-s254952397.html?spm=a2o4n',
    note: 'no query kept',
  },
  {
    roles: ['main'],
    path: '/i<item>[-s<sku>].html',
    kind: 'product',
    example: 'https://www.lazada.vn/i123-s456.html',
    note: 'canonical under `/products/`',
  },
  { roles: ['main'], path: '/shop/<name>/', kind: 'page', example: 'https://www.lazada.vn/shop/coolmate/' },
  { roles: ['main'], path: '/catalog/?q=', kind: 'page', example: 'https://www.lazada.vn/catalog/?q=tai+nghe' },
  { roles: ['main'], path: '/<category-slug>/', kind: 'page', example: 'https://www.lazada.vn/dien-thoai-di-dong/' },
  { roles: ['main'], path: '/', kind: 'page', example: 'https://www.lazada.vn/', note: 'home' },
  {
    roles: ['main'],
    path: [...NON_SHOPPABLE_SECTIONS].map((section) => `/${section}`).join(', '),
    kind: 'refused',
    example: 'https://www.lazada.vn/customer/order/index/',
    note: 'account, cart, checkout and help sections, and what is under them',
  },
  {
    roles: ['main'],
    path: '`/<policy-slug>/` (`privacy-policy`, `chinh-sach-bao-mat`, `syarat-dan-ketentuan`...), `/<slug>-/`',
    kind: 'refused',
    example: 'https://www.lazada.vn/chinh-sach-bao-mat/',
    note: 'policy pages; a one-segment page ending in `-` is a slug cut by a line break',
  },
  {
    roles: ['pages'],
    path: '`/wow/gcp/<cc>/member/…`, any path with an account, policy or help section or a policy slug',
    kind: 'refused',
    example: 'https://pages.lazada.vn/wow/gcp/vn/member/login-signup',
    note: 'login, sign-up and policy pages',
  },
  {
    roles: ['pages'],
    path: 'any other',
    kind: 'page',
    example: 'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?offer_id=1&wh_weex=true',
    note: 'campaigns; other networks’ click parameters dropped',
  },
  {
    roles: ['short'],
    path: `/s.<code> (on s.lazada.*), /<code> (on ${SHORT_DOMAIN})`,
    kind: 'short',
    example: 'https://s.lazada.vn/s.UAJFo?cc',
  },
  {
    roles: ['master'],
    path: `/t/c.<code>?${MASTER_LINK_TARGET_PARAM}=<Lazada link>`,
    kind: 'foreign',
    example: 'https://c.lazada.vn/t/c.06wSoi?url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fx-i1-s2.html',
  },
  {
    roles: ['master'],
    path: '/t/c.<code> (no url)',
    kind: 'short',
    example: 'https://c.lazada.vn/t/c.ABCDE?subId1=1',
  },
  {
    roles: ['short', 'master'],
    path: 'any other (no valid code, a `url` that is not Lazada)',
    kind: 'refused',
    example: 'https://c.lazada.vn/t/c.1aLN?url=https%3A%2F%2Fevil.com%2F',
  },
];

/** Every host `classifyLazadaHost` recognises, from the same tables. */
function lazadaHosts(): RecognisedHost[] {
  const hosts: RecognisedHost[] = [];
  for (const region of LAZADA_REGIONS) {
    for (const [subdomain, role] of SUBDOMAIN_ROLES)
      hosts.push({ host: hostName(subdomain, `lazada.${region}`), region, role });
  }
  hosts.push({ host: SHORT_DOMAIN, region: DEFAULT_REGION, role: 'short' });
  return hosts;
}

const REASONS = {
  ...sharedReasons('Lazada'),
  unknownPage: 'Not a Lazada product, shop, category, campaign or search page',
  badMasterLink: 'Lazada master link without a valid Lazada url parameter',
} as const;

/**
 * Lazada: `www.lazada.<tld>/products/<slug>-i<item>-s<sku>.html` (and `/i<item>.html`), shop, category,
 * search and `pages.lazada.<tld>` campaign pages; `s.lazada.<tld>/s.<code>` and `lzd.co/<code>` short links;
 * `c.lazada.<tld>/t/c.<code>` master links (read from their `url` parameter when they carry one, resolved when not).
 * Affiliate links are master links `c.lazada.vn/t/c.<member code>?url=<canonical>&sub_id1..5`.
 */
export class LazadaAdapter extends TableAdapter<LazadaHostRole> {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'Lazada';
  protected readonly classify = classifyLazadaHost;
  protected readonly shortLinkRoles = ['short', 'master'] as const;
  protected readonly parsers: HostParsers<LazadaHostRole> = {
    main: (url, host) => parseMainSite(url, host.region),
    pages: (url, host) => parsePagesSite(url, host.region),
    short: (url, host) => parseShortLink(url, host.region),
    master: (url, host) => parseMasterLink(url, host.region),
  };
  protected readonly notOwned = LINKS.invalid(DEFAULT_REGION, REASONS.notThisMarketplace);

  protected recognitionTables() {
    return { hosts: lazadaHosts(), roles: ROLE_LABELS, paths: PATH_FAMILIES };
  }

  protected affiliateLink(link: BuildableLink, params: AffiliateParams): AffiliateLinkResult {
    if (link.region !== MASTER_LINK_REGION) {
      return {
        ok: false,
        code: 'unsupported_for_marketplace',
        reason: 'Lazada affiliate links are built for lazada.vn only',
      };
    }
    const code = lazadaMasterCode(params.marketplaceSettings?.lazadaMasterCode);
    if (!code) {
      return {
        ok: false,
        code: 'marketplace_not_configured',
        reason: 'Lazada affiliate links need your LazAffiliates master link (c.lazada.vn/t/c.<code>) in your settings',
      };
    }
    const query = [`url=${encodeURIComponent(link.canonicalUrl)}`];
    params.subIds.forEach((subId, i) => query.push(`sub_id${i + 1}=${encodeURIComponent(subId)}`));
    return { ok: true, url: `https://c.lazada.${MASTER_LINK_REGION}/t/c.${code}?${query.join('&')}` };
  }
}

/** What a (lower-case, dot-trimmed) host is to Lazada, or null when Lazada does not own it. */
function classifyLazadaHost(host: string): LazadaHost | null {
  const info = parseDomain(host);
  if (info.isIp || !info.domain) return null;
  const subdomain = info.subdomain ?? '';
  if (info.domain === SHORT_DOMAIN) return subdomain === '' ? { role: 'short', region: DEFAULT_REGION } : null;
  if (info.domainWithoutSuffix !== 'lazada' || !info.publicSuffix || !LAZADA_REGIONS.has(info.publicSuffix)) {
    return null;
  }
  const role = SUBDOMAIN_ROLES.get(subdomain);
  return role ? { role, region: info.publicSuffix } : null;
}

function parseMainSite(url: URL, region: string): ParsedLink {
  const segments = pathSegments(url.pathname);
  const section = segments[0]?.toLowerCase();
  if (section !== undefined && NON_SHOPPABLE_SECTIONS.has(section)) {
    return LINKS.notAProduct(region, REASONS.nonShoppablePage);
  }
  if (section === 'products') {
    const product = segments.length === 2 ? productLink(region, segments[1]) : null;
    return product ?? LINKS.notAProduct(region, REASONS.unknownPage);
  }
  if (segments.length === 0) return pageLink(url, region, '/');
  // `/i<item>[-s<sku>].html` at the site root is a product page too.
  const rootProduct = segments.length === 1 ? productLink(region, segments[0]) : null;
  if (rootProduct) return rootProduct;
  if (section === 'shop' && segments.length >= 2 && SLUG_SEGMENT.test(segments[1])) {
    return pageLink(url, region, `/shop/${folderPath(segments[1])}`);
  }
  if (section === 'catalog' && segments.length === 1) return pageLink(url, region, '/catalog/');
  if (segments.length === 1 && isPolicySlug(segments[0])) return LINKS.notAProduct(region, REASONS.nonShoppablePage);
  if (segments.length === 1 && segments[0].endsWith('-')) return LINKS.notAProduct(region, REASONS.cutSlug);
  if (segments.length === 1 && SLUG_SEGMENT.test(segments[0]))
    return pageLink(url, region, `/${folderPath(segments[0])}`);
  return LINKS.notAProduct(region, REASONS.unknownPage);
}

/** `pages.lazada.<tld>`: campaign pages, except its login, sign-up (`/wow/gcp/<cc>/member/…`) and policy pages. */
function parsePagesSite(url: URL, region: string): ParsedLink {
  return isAccountPolicyOrHelpPath(pathSegments(url.pathname), NON_SHOPPABLE_SECTIONS)
    ? LINKS.notAProduct(region, REASONS.nonShoppablePage)
    : pageLink(url, region, url.pathname);
}

/** A product page whose last segment is `segment`, canonically under `/products/`; null when it names no item. */
function productLink(region: string, segment: string): ParsedLink | null {
  const match = PRODUCT_SEGMENT.exec(segment);
  if (!match) return null;
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region,
    canonicalUrl: `${mainOrigin(region)}/products/${segment}`,
    itemId: match[1],
    ...(match[2] ? { skuId: match[2] } : {}),
  };
}

/** `<name>/` for a folder-like page (`/dien-thoai-di-dong/`); a segment with a file extension gets no `/`. */
function folderPath(segment: string): string {
  return FILE_EXTENSION.test(segment) ? segment : `${segment}/`;
}

/** `s.lazada.<tld>/s.<code>` (app share links) and `lzd.co/<code>`. */
function parseShortLink(url: URL, region: string): ParsedLink {
  const segments = pathSegments(url.pathname);
  const codeShape = normalizeHostname(url.hostname) === SHORT_DOMAIN ? SHORT_CODE_SEGMENT : SHARE_CODE_SEGMENT;
  const valid = segments.length === 1 && codeShape.test(segments[0]);
  if (!valid) return LINKS.invalid(region, REASONS.shortLinkWithoutCode);
  return LINKS.short(url, region);
}

/**
 * `c.lazada.<tld>/t/c.<code>`: a (foreign) affiliate master link. With a `url` parameter it is never fetched (that
 * would count a click for them): the target is parsed instead. Without one the code itself names the target
 * (a promotion link), so it is a short link to resolve.
 */
function parseMasterLink(url: URL, region: string): ParsedLink {
  const segments = pathSegments(url.pathname);
  if (segments.length !== 2 || segments[0].toLowerCase() !== 't' || !MASTER_CODE_SEGMENT.test(segments[1])) {
    return LINKS.invalid(region, REASONS.badMasterLink);
  }
  const rawTarget = paramValue(url.search, MASTER_LINK_TARGET_PARAM);
  if (rawTarget === null) return LINKS.short(url, region);
  const target = embeddedWebUrl(rawTarget);
  const host = target && classifyLazadaHost(normalizeHostname(target.hostname));
  if (!target || !host || (host.role !== 'main' && host.role !== 'pages')) {
    return LINKS.invalid(region, REASONS.badMasterLink);
  }
  const parsed = host.role === 'main' ? parseMainSite(target, host.region) : parsePagesSite(target, host.region);
  return { ...parsed, fromAffiliateRedirect: true };
}

/** The code of a master-link setting (`YParqP`, `c.YParqP`, `https://c.lazada.vn/t/c.YParqP?...`), or null. */
export function lazadaMasterCode(setting: string | undefined): string | null {
  let value = setting?.trim() ?? '';
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) {
    const url = tryParseUrl(value);
    const segments = url ? pathSegments(url.pathname) : [];
    const isMasterLink =
      url !== null &&
      classifyLazadaHost(normalizeHostname(url.hostname))?.role === 'master' &&
      segments.length === 2 &&
      segments[0].toLowerCase() === 't';
    if (!isMasterLink) return null;
    value = segments[1];
  }
  if (value.toLowerCase().startsWith('c.')) value = value.slice(2);
  return MASTER_CODE.test(value) ? value : null;
}

function mainOrigin(region: string): string {
  return `https://www.lazada.${region}`;
}

function pageLink(url: URL, region: string, path: string): ParsedLink {
  const isPagesHost = classifyLazadaHost(normalizeHostname(url.hostname))?.role === 'pages';
  const origin = isPagesHost ? `https://pages.lazada.${region}` : mainOrigin(region);
  return LINKS.page(region, `${origin}${path}${withoutTracking(url.search, LAZADA_TRACKING)}`);
}
