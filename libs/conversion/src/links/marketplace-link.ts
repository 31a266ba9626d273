/** Marketplaces with an adapter. Lazada, TikTok Shop and Tiki join this union later. */
export type MarketplaceId = 'shopee';

export type LinkKind = 'product' | 'page' | 'short' | 'not_convertible';

export type NotConvertibleReason = 'not_a_product' | 'invalid_link';

export interface ParsedLink {
  marketplace: MarketplaceId;
  kind: LinkKind;
  /** Shopee: the TLD suffix of the regional site ('vn', 'sg', 'com.my', 'co.th', ...). */
  region: string;
  /** The clean link ("link gốc"); present for 'product' and 'page'. */
  canonicalUrl?: string;
  /** Present for 'product'. */
  shopId?: string;
  itemId?: string;
  /** True when the link came from a foreign affiliate redirect (Shopee an_redir) and was read from its origin_link. */
  fromAffiliateRedirect?: boolean;
  /** Present for 'not_convertible'. */
  reasonCode?: NotConvertibleReason;
  /** Human-readable English explanation for 'not_convertible'. */
  reason?: string;
}

/** Affiliate parameters, already validated by the caller: at most 5 sub ids of [A-Za-z0-9]{1,50}. */
export interface AffiliateParams {
  affiliateId: string;
  subIds: string[];
}

export interface MarketplaceAdapter {
  readonly id: MarketplaceId;
  /** True when the host (lower-case, no trailing dot) belongs to this marketplace. */
  ownsHost(host: string): boolean;
  /** Parses a URL whose host this adapter owns. */
  parse(url: URL): ParsedLink;
  /** The affiliate link for a 'product' or 'page' ParsedLink; throws for any other kind. */
  buildAffiliateLink(link: ParsedLink, params: AffiliateParams): string;
}
