import type {
  AffiliateLinkResult,
  AffiliateParams,
  MarketplaceAdapter,
  MarketplaceId,
  NotConvertibleReason,
  ParsedLink,
} from './marketplace-link';
import type { MarketplaceRecognition } from './recognition';
import { normalizeHostname, normalizeShortLink } from './url-helpers';

/**
 * The reasons every marketplace adapter gives in the same words, with the marketplace's name in them (`Shopee`,
 * `Lazada`, `Tiki`); an adapter adds its own beside them.
 */
export function sharedReasons(name: string) {
  return {
    nonShoppablePage: `Account, cart, checkout, policy, help and similar ${name} pages cannot be converted`,
    cutSlug: `This ${name} link ends in "-": its name was cut (by a line break?); paste the whole link`,
    shortLinkWithoutCode: `${name} short link without a valid code`,
    notThisMarketplace: `Not a ${name} link`,
  } as const;
}

/** A link of `marketplace` recognised and refused: `not_a_product` or `invalid_link`, with the reason in words. */
export function refusedLink(
  marketplace: MarketplaceId,
  region: string,
  reasonCode: NotConvertibleReason,
  reason: string,
): ParsedLink {
  return { marketplace, kind: 'not_convertible', region, reasonCode, reason };
}

/** The links of one marketplace other than its products, made the same way by every adapter. */
export function marketplaceLinks(marketplace: MarketplaceId) {
  return {
    /** A short link to resolve. */
    short: (url: URL, region: string): ParsedLink => ({
      marketplace,
      kind: 'short',
      region,
      shortUrl: normalizeShortLink(url),
    }),
    /** A convertible page other than a product. */
    page: (region: string, canonicalUrl: string): ParsedLink => ({ marketplace, kind: 'page', region, canonicalUrl }),
    notAProduct: (region: string, reason: string): ParsedLink =>
      refusedLink(marketplace, region, 'not_a_product', reason),
    invalid: (region: string, reason: string): ParsedLink => refusedLink(marketplace, region, 'invalid_link', reason),
  };
}

/** A link an affiliate link can be built for: a product or page with its canonical URL. */
export type BuildableLink = ParsedLink & { kind: 'product' | 'page'; canonicalUrl: string };

/** Any other link is a caller's bug. */
function assertBuildable(link: ParsedLink, label: string): asserts link is BuildableLink {
  if ((link.kind !== 'product' && link.kind !== 'page') || !link.canonicalUrl) {
    throw new Error(`Cannot build a ${label} affiliate link for a link of kind "${link.kind}"`);
  }
}

/** What a host is to its marketplace: its role, and the region of its links. */
export interface OwnedHost<Role extends string> {
  readonly role: Role;
  readonly region: string;
}

/** Reads a link on a host of one role. */
type HostParser<Role extends string> = (url: URL, host: OwnedHost<Role>) => ParsedLink | null;

/** The parser of each host role of a marketplace. */
export type HostParsers<Role extends string> = { readonly [R in Role]: HostParser<R> };

/**
 * A marketplace adapter made of its tables: how it classifies a host, which host roles serve short links, the
 * parser of each role and what it recognises. The methods every adapter has are derived from them here.
 */
export abstract class TableAdapter<Role extends string> implements MarketplaceAdapter {
  abstract readonly id: MarketplaceId;
  abstract readonly label: string;
  /** What a (lower-case, dot-trimmed) host is to the marketplace, or null when it does not own it. */
  protected abstract readonly classify: (host: string) => OwnedHost<Role> | null;
  /** The host roles whose links the short-link resolver may fetch. */
  protected abstract readonly shortLinkRoles: readonly Role[];
  /** The parser of each host role. */
  protected abstract readonly parsers: HostParsers<Role>;
  /** The refusal of a link on a host the marketplace does not own. */
  protected abstract readonly notOwned: ParsedLink;

  /** The hosts, role labels and path families of `recognition()`. */
  protected abstract recognitionTables(): Omit<MarketplaceRecognition, 'marketplace' | 'label'>;

  /** The affiliate link of a product or page link, or why none can be built here. */
  protected abstract affiliateLink(link: BuildableLink, params: AffiliateParams): AffiliateLinkResult;

  ownsHost(host: string): boolean {
    return this.classify(host) !== null;
  }

  isShortLinkHost(host: string): boolean {
    const role = this.classify(host)?.role;
    return role !== undefined && this.shortLinkRoles.includes(role);
  }

  recognition(): MarketplaceRecognition {
    return { marketplace: this.id, label: this.label, ...this.recognitionTables() };
  }

  buildAffiliateLink(link: ParsedLink, params: AffiliateParams): AffiliateLinkResult {
    assertBuildable(link, this.label);
    return this.affiliateLink(link, params);
  }

  parse(url: URL): ParsedLink | null {
    const host = this.classify(normalizeHostname(url.hostname));
    if (!host) return { ...this.notOwned };
    const parser: HostParser<Role> = this.parsers[host.role];
    return parser(url, host);
  }
}
