import { parse as parseDomain } from 'tldts';
import { AffiliateLinkResult, AffiliateParams, MarketplaceId, ParsedLink } from './marketplace-link';
import { BuildableLink, HostParsers, marketplaceLinks, OwnedHost, TableAdapter } from './adapter-parts';
import { ACCOUNT_POLICY_HELP_SECTIONS, isPolicySlug } from './non-shoppable';
import { paramValue } from './query-filter';
import { hostName, PathFamily } from './recognition';
import { normalizeHostname, pathSegments } from './url-helpers';

const MARKETPLACE: MarketplaceId = 'tiktok';
const LINKS = marketplaceLinks(MARKETPLACE);
const DEFAULT_REGION = 'vn';

export type TikTokHostRole = 'main' | 'shop' | 'short' | 'short_t' | 'shop_id';

export interface TikTokHost {
  /** Registrable domain. */
  readonly domain: string;
  /** Sub-domains ('' for the bare domain). */
  readonly subdomains: readonly string[];
  readonly role: TikTokHostRole;
  /** The country of every link on the host, when the host tells it. */
  readonly region?: string;
}

/**
 * `www.tiktok.com` (videos, `/view/product`, `/shop/...`, `/t/<code>`), `shop.tiktok.com`, share hosts, and
 * TikTok Shop Indonesia, which moved to Tokopedia's domain with the 2024 merger (`shop-id.tokopedia.com`, same
 * product ids, and its share links `tk.tokopedia.com/<code>/`, `vt.tokopedia.com/t/<code>/`, resolved like TikTok's;
 * Tokopedia's own site `www.tokopedia.com` is another marketplace, not recognised).
 */
export const TIKTOK_HOSTS: readonly TikTokHost[] = [
  { domain: 'tiktok.com', subdomains: ['', 'www', 'm'], role: 'main' },
  { domain: 'tiktok.com', subdomains: ['shop'], role: 'shop' },
  { domain: 'tiktok.com', subdomains: ['vt', 'vm'], role: 'short' },
  { domain: 'tokopedia.com', subdomains: ['shop-id'], role: 'shop_id', region: 'id' },
  { domain: 'tokopedia.com', subdomains: ['tk'], role: 'short', region: 'id' },
  { domain: 'tokopedia.com', subdomains: ['vt'], role: 'short_t', region: 'id' },
];

const HOST_BY_NAME: ReadonlyMap<string, TikTokHost> = new Map(
  TIKTOK_HOSTS.flatMap((host) => host.subdomains.map((subdomain) => [hostName(subdomain, host.domain), host] as const)),
);

/** `@user/video/<id>`, `@user/photo/<id>`, `@user/live`: content, not products. */
const CONTENT_SECTIONS: ReadonlySet<string> = new Set(['video', 'photo', 'live']);

const ROLE_LABELS: Readonly<Record<TikTokHostRole, string>> = {
  main: 'site',
  shop: 'TikTok Shop site',
  short: 'short links',
  short_t: 'short links (`/t/<code>`)',
  shop_id: 'TikTok Shop Indonesia',
};
/** First segments (lower-case, after the country) of TikTok Shop's account, policy and help pages. */
const NON_SHOPPABLE_SECTIONS: ReadonlySet<string> = new Set(ACCOUNT_POLICY_HELP_SECTIONS);

/** The path families the parser below reads, by host role, each with an example it must read as said. */
const PATH_FAMILIES: readonly PathFamily[] = [
  {
    roles: ['main', 'shop'],
    path: '/view/product/<id>',
    kind: 'product',
    example: 'https://www.tiktok.com/view/product/1732131340104796995?region=VN&local=en',
    note: 'keeps `region`',
  },
  {
    roles: ['shop'],
    path: '/[<cc>/]pdp/[<slug>/]<id>',
    kind: 'product',
    example: 'https://shop.tiktok.com/vn/pdp/1731975048230963363',
  },
  {
    roles: ['main'],
    path: '/shop/[<cc>/]pdp/[<slug>/]<id>',
    kind: 'product',
    example: 'https://www.tiktok.com/shop/vn/pdp/x/1732826020155524663',
  },
  {
    roles: ['shop_id'],
    path: '/view/product/<id>',
    kind: 'product',
    example: 'https://shop-id.tokopedia.com/view/product/1729587769570445237?region=ID',
    note: 'region `id`; no other path is a marketplace link',
  },
  { roles: ['shop'], path: 'any other', kind: 'page', example: 'https://shop.tiktok.com/vn/store/abc' },
  { roles: ['main'], path: '/shop/…', kind: 'page', example: 'https://www.tiktok.com/shop/vn/store/abc' },
  { roles: ['main'], path: '/t/<code>', kind: 'short', example: 'https://www.tiktok.com/t/ZSVaFpSNR/' },
  { roles: ['short'], path: '/<code>', kind: 'short', example: 'https://vt.tiktok.com/ZS9FvVXpLV/' },
  { roles: ['short_t'], path: '/t/<code>', kind: 'short', example: 'https://vt.tokopedia.com/t/ZSHnQ8aBc/' },
  { roles: ['short', 'short_t'], path: 'any other', kind: 'refused', example: 'https://vt.tokopedia.com/ZSH/' },
  {
    roles: ['shop'],
    path: '`/[<cc>/]<section>/…` (an account, policy or help section), `/[<cc>/]<policy-slug>`',
    kind: 'refused',
    example: 'https://shop.tiktok.com/vn/account/orders',
    note: 'login, account, policy and help pages',
  },
  {
    roles: ['main'],
    path: [...CONTENT_SECTIONS].map((section) => `/@<user>/${section}[/…]`).join(', '),
    kind: 'refused',
    example: 'https://www.tiktok.com/@a/video/1',
    note: 'other pages (profiles, home, tags) are not marketplace links: not counted',
  },
];

/** TikTok ids are 19-digit numbers; accept any positive id without a leading zero. */
const ID = /^[1-9]\d{0,24}$/;
const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const COUNTRY = /^[a-z]{2}$/i;
/** `?region=VN`: kept on `/view/product/<id>` links, where it selects the market. */
const REGION_PARAM = 'region';

const REASONS = {
  content: 'TikTok videos, photos and lives are not products',
  nonShoppablePage: 'TikTok Shop account, policy and help pages cannot be converted',
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
export class TikTokAdapter extends TableAdapter<TikTokHostRole> {
  readonly id: MarketplaceId = MARKETPLACE;
  readonly label = 'TikTok Shop';
  protected readonly classify = (name: string): OwnedHost<TikTokHostRole> | null => {
    const host = tiktokHost(name);
    return host && { role: host.role, region: host.region ?? DEFAULT_REGION };
  };
  // `www.tiktok.com/t/<code>` is a short link on the main host; parse() still has to say 'short'.
  protected readonly shortLinkRoles = ['short', 'short_t', 'main'] as const;
  protected readonly parsers: HostParsers<TikTokHostRole> = {
    short: (url, host) => {
      const segments = pathSegments(url.pathname);
      return segments.length === 1 && SHORT_CODE.test(segments[0])
        ? LINKS.short(url, host.region)
        : invalidLink(REASONS.shortLinkWithoutCode);
    },
    short_t: (url, host) => {
      const segments = pathSegments(url.pathname);
      return segments.length === 2 && segments[0] === 't' && SHORT_CODE.test(segments[1])
        ? LINKS.short(url, host.region)
        : invalidLink(REASONS.shortLinkWithoutCode);
    },
    main: (url) => parseMainSite(url, pathSegments(url.pathname)),
    shop: (url) => parseShopSite(url, pathSegments(url.pathname)),
    shop_id: (url, host) => parseRegionalShopSite(url, pathSegments(url.pathname), host.region),
  };
  protected readonly notOwned = invalidLink(REASONS.notTikTok);

  protected recognitionTables() {
    const hosts = TIKTOK_HOSTS.flatMap((host) =>
      host.subdomains.map((subdomain) => ({
        host: hostName(subdomain, host.domain),
        region: host.region ?? DEFAULT_REGION,
        role: host.role,
      })),
    );
    return { hosts, roles: ROLE_LABELS, paths: PATH_FAMILIES };
  }

  protected affiliateLink(_link: BuildableLink, _params: AffiliateParams): AffiliateLinkResult {
    return {
      ok: false,
      code: 'unsupported_for_marketplace',
      reason: 'TikTok Shop affiliate links cannot be built locally (they come from the AccessTrade API only)',
    };
  }
}

/** The TikTok Shop host a (lower-case, dot-trimmed) host name is, or null. */
function tiktokHost(host: string): TikTokHost | null {
  const known = HOST_BY_NAME.get(host);
  // tldts confirms the name is a host under a real public suffix (not an IP, nothing odd).
  return known && parseDomain(host).domain === known.domain ? known : null;
}

function parseMainSite(url: URL, segments: string[]): ParsedLink | null {
  const [first, second] = segments.map((segment) => segment.toLowerCase());
  if (first === 't' && segments.length === 2 && SHORT_CODE.test(segments[1])) return LINKS.short(url, DEFAULT_REGION);
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
 * A country's own TikTok Shop host (`shop-id.tokopedia.com`): `/view/product/<id>` is a product of that country;
 * no other page shape of it is known, so other paths are not marketplace links.
 */
function parseRegionalShopSite(url: URL, segments: string[], region: string): ParsedLink | null {
  const [first, second] = segments.map((segment) => segment.toLowerCase());
  if (first !== 'view' || second !== 'product' || segments.length !== 3 || !ID.test(segments[2])) return null;
  return {
    marketplace: MARKETPLACE,
    kind: 'product',
    region,
    canonicalUrl: `https://${normalizeHostname(url.hostname)}/view/product/${segments[2]}`,
    itemId: segments[2],
  };
}

/**
 * `[<cc>/]pdp/[<slug>/]<id>` → product; any other shop path (store, keyword and home pages) → page.
 * `prefix` is what precedes these segments in the path (`/shop` on www.tiktok.com).
 */
function parseShopPath(url: URL, origin: string, segments: string[], prefix: string): ParsedLink {
  const country = segments[0] && COUNTRY.test(segments[0]) ? segments[0].toLowerCase() : null;
  const rest = country ? segments.slice(1) : segments;
  const region = country ?? DEFAULT_REGION;
  if (rest[0] !== undefined && (NON_SHOPPABLE_SECTIONS.has(rest[0].toLowerCase()) || isPolicySlug(rest[0]))) {
    return notAProduct(REASONS.nonShoppablePage, region);
  }
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
  return LINKS.page(region, `${origin}${path}`);
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

function notAProduct(reason: string, region = DEFAULT_REGION): ParsedLink {
  return LINKS.notAProduct(region, reason);
}

function invalidLink(reason: string): ParsedLink {
  return LINKS.invalid(DEFAULT_REGION, reason);
}
