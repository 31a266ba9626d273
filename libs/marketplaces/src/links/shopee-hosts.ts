import { parse as parseDomain } from 'tldts';
import { hostName, RecognisedHost } from './recognition';

/**
 * Public suffixes of the Shopee regional sites we recognise. An explicit list rather than
 * "shopee.<any public suffix>": `shopee.<suffix>` on a suffix Shopee does not operate may be
 * registered by anyone, and such a host must never be treated (or later fetched) as Shopee.
 * Shopee left Argentina, Chile, Colombia and Mexico in 2022: `shopee.com.ar`, `.cl`, `.com.co`, `.com.mx` (and
 * their `s.` hosts) are not listed, so their links are other sites' links: never fetched, never given an
 * affiliate link on a dead domain.
 */
export const SHOPEE_REGIONS: ReadonlySet<string> = new Set([
  'vn',
  'sg',
  'com.my',
  'my',
  'co.th',
  'co.id',
  'ph',
  'tw',
  'com.br',
]);

/** Region used when the host does not tell it (`shp.ee`, `shope.ee`): the service targets Vietnam. */
export const DEFAULT_REGION = 'vn';

export type ShopeeHostRole = 'main' | 'short' | 'share_video' | 'live' | 'affiliate_portal' | 'food';

export interface ShopeeHost {
  role: ShopeeHostRole;
  region: string;
}

/** Sub-domains of `shopee.<region>` we recognise; any other sub-domain (help, seller, cdn...) is not ours to convert. */
const SUBDOMAIN_ROLES: ReadonlyMap<string, ShopeeHostRole> = new Map<string, ShopeeHostRole>([
  ['', 'main'],
  ['www', 'main'],
  ['m', 'main'],
  ['s', 'short'],
  ['sv', 'share_video'],
  ['live', 'live'],
  ['affiliate', 'affiliate_portal'],
  ['spf', 'food'],
]);

/** App share-link domain: any `*.shp.ee`; its first label names the region (`vn.shp.ee`). */
const SHARE_LINK_DOMAIN = 'shp.ee';
/** Legacy affiliate short-link domain (short codes and an_redir). */
const LEGACY_SHORT_DOMAIN = 'shope.ee';
const LEGACY_SHORT_SUBDOMAINS: ReadonlySet<string> = new Set(['', 'www']);

const SHARE_LINK_REGIONS: ReadonlyMap<string, string> = new Map([
  ['vn', 'vn'],
  ['sg', 'sg'],
  ['my', 'com.my'],
  ['th', 'co.th'],
  ['id', 'co.id'],
  ['ph', 'ph'],
  ['tw', 'tw'],
  ['br', 'com.br'],
]);

/** Affiliate redirect hosts use `s.shopee.com.my` even for links on `shopee.my`. */
const AFFILIATE_HOST_REGIONS: ReadonlyMap<string, string> = new Map([['my', 'com.my']]);

/** What a (lower-case, dot-trimmed) host is to Shopee, or null when Shopee does not own it. */
export function classifyShopeeHost(host: string): ShopeeHost | null {
  const info = parseDomain(host);
  if (info.isIp || !info.domain) return null;
  const subdomain = info.subdomain ?? '';

  if (info.domain === SHARE_LINK_DOMAIN) {
    return { role: 'short', region: shareLinkRegion(subdomain) };
  }
  if (info.domain === LEGACY_SHORT_DOMAIN) {
    return LEGACY_SHORT_SUBDOMAINS.has(subdomain) ? { role: 'short', region: DEFAULT_REGION } : null;
  }
  if (info.domainWithoutSuffix !== 'shopee' || !info.publicSuffix || !SHOPEE_REGIONS.has(info.publicSuffix)) {
    return null;
  }
  const role = SUBDOMAIN_ROLES.get(subdomain);
  return role ? { role, region: info.publicSuffix } : null;
}

/** `https://shopee.<region>`: the canonical origin of a regional site. */
export function mainSiteOrigin(region: string): string {
  return `https://shopee.${region}`;
}

/** `https://s.shopee.<region>/an_redir`: the official affiliate redirect endpoint. */
export function affiliateRedirectEndpoint(region: string): string {
  return `https://s.shopee.${AFFILIATE_HOST_REGIONS.get(region) ?? region}/an_redir`;
}

function shareLinkRegion(subdomain: string): string {
  const label = subdomain.split('.').pop() ?? '';
  return SHARE_LINK_REGIONS.get(label) ?? DEFAULT_REGION;
}

/**
 * Every host `classifyShopeeHost` recognises, from the same tables: each sub-domain role on each regional site,
 * `shp.ee` and its regional `<cc>.shp.ee`, `shope.ee`.
 */
export function shopeeHosts(): RecognisedHost[] {
  const hosts: RecognisedHost[] = [];
  for (const region of SHOPEE_REGIONS) {
    for (const [subdomain, role] of SUBDOMAIN_ROLES) {
      hosts.push({ host: hostName(subdomain, `shopee.${region}`), region, role });
    }
  }
  hosts.push({ host: SHARE_LINK_DOMAIN, region: DEFAULT_REGION, role: 'short' });
  for (const [label, region] of SHARE_LINK_REGIONS) {
    hosts.push({ host: hostName(label, SHARE_LINK_DOMAIN), region, role: 'short' });
  }
  for (const subdomain of LEGACY_SHORT_SUBDOMAINS) {
    hosts.push({ host: hostName(subdomain, LEGACY_SHORT_DOMAIN), region: DEFAULT_REGION, role: 'short' });
  }
  return hosts;
}
