import type { MarketplaceRecognition } from './recognition';

/** Marketplaces with an adapter; the value items carry in `marketplace`. */
export type MarketplaceId = 'shopee' | 'lazada' | 'tiktok' | 'tiki';

export type LinkKind = 'product' | 'page' | 'short' | 'not_convertible';

export type NotConvertibleReason = 'not_a_product' | 'invalid_link';

export interface ParsedLink {
  marketplace: MarketplaceId;
  kind: LinkKind;
  /**
   * The regional site: the public suffix of its domain ('vn', 'sg', 'com.my', 'co.th', ...); for TikTok Shop the
   * lower-case country code of the link ('vn' when the link does not tell).
   */
  region: string;
  /** The clean link ("link gốc"); present for 'product' and 'page'. */
  canonicalUrl?: string;
  /** Shopee: present for 'product'. */
  shopId?: string;
  /** The marketplace's product id; present for 'product'. */
  itemId?: string;
  /** Lazada: the SKU id, when the link names one. */
  skuId?: string;
  /** Shopee: the model (variation) id, when the link names one (`?model_id=`, `?modelid=`). */
  modelId?: string;
  /** Tiki: the seller offer id, when the link names one (`?spid=`). */
  spid?: string;
  /**
   * True when the link came from a foreign affiliate link (Shopee an_redir, Lazada master link, Tiki TAP link)
   * and was read from its target parameter, without fetching it.
   */
  fromAffiliateRedirect?: boolean;
  /**
   * Present for 'short': the link to resolve, normalised (`https:`, lower-case host without trailing dot, no
   * fragment). It is also the key of the resolution cache.
   */
  shortUrl?: string;
  /** Present for 'not_convertible'. */
  reasonCode?: NotConvertibleReason;
  /** Human-readable English explanation for 'not_convertible'. */
  reason?: string;
}

/**
 * Member-level marketplace settings that some affiliate formats need. Filled from the member's account settings
 * (see `MarketplaceSettingsSource`); every field is optional and validated by the adapter that uses it.
 */
export interface MarketplaceSettings {
  /** LazAffiliates master link code: `YParqP`, `c.YParqP` or the whole `https://c.lazada.vn/t/c.YParqP`. */
  lazadaMasterCode?: string;
  /** Tiki TAP publisher code: the first path segment of `https://ti.ki/<publisher>/<campaign>`. */
  tikiPublisherCode?: string;
  /** Tiki TAP campaign code: the second path segment of `https://ti.ki/<publisher>/<campaign>`. */
  tikiCampaignCode?: string;
}

/** Affiliate parameters, already validated by the caller: at most 5 sub ids of [A-Za-z0-9]{1,50}. */
export interface AffiliateParams {
  affiliateId: string;
  subIds: string[];
  marketplaceSettings?: MarketplaceSettings;
}

/** Why an affiliate link cannot be built for a convertible link. */
export type AffiliateFailureCode = 'unsupported_for_marketplace' | 'marketplace_not_configured';

export type AffiliateLinkResult = { ok: true; url: string } | { ok: false; code: AffiliateFailureCode; reason: string };

export interface MarketplaceAdapter {
  readonly id: MarketplaceId;
  /** Display name, for messages ("Shopee", "TikTok Shop", ...). */
  readonly label: string;
  /** Every host and path family it recognises, as data (for the docs; checked against parse() by a test). */
  recognition(): MarketplaceRecognition;
  /** True when the host (lower-case, no trailing dot) belongs to this marketplace. */
  ownsHost(host: string): boolean;
  /**
   * True when the host is one of this marketplace's short-link hosts: the only hosts the short-link resolver
   * may fetch (`s.shopee.vn`, `shp.ee`, `s.lazada.vn`, `vt.tiktok.com`, `ti.ki`, ...).
   */
  isShortLinkHost(host: string): boolean;
  /**
   * Parses a URL whose host this adapter owns; null when the page is not a marketplace page at all
   * (a TikTok profile, say), so the link is left alone and not counted.
   */
  parse(url: URL): ParsedLink | null;
  /**
   * The affiliate link for a 'product' or 'page' ParsedLink, or why this marketplace cannot have one built
   * locally; throws for any other kind (a caller bug).
   */
  buildAffiliateLink(link: ParsedLink, params: AffiliateParams): AffiliateLinkResult;
}
