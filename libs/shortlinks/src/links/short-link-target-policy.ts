/**
 * What a short link's target is, as the marketplace vocabulary recognises it when the link is made: stored with the
 * link (`short_links.marketplace`, `region`, `affiliate_id`, `shop_id`, `item_id`, `variant_id`), so the analytics
 * attribute orders and clicks by these columns and never parse a target again.
 */
export interface ShortLinkTargetFacts {
  /** `shopee`, `lazada`, `tiktok`, `tiki`. */
  marketplace: string;
  /** The country of the marketplace's site (`vn`, `th`, `id`...), or null when the link does not say. */
  region: string | null;
  /** The affiliate account the link was made for (Shopee's `affiliate_id`, Lazada's master link code), or null. */
  affiliateId: string | null;
  shopId: string | null;
  itemId: string | null;
  /** The variant the link names: Lazada's SKU (`-s<sku>`). */
  variantId: string | null;
}

/**
 * Whether a URL may be the target of one of our short links, and what it is: defence in depth for
 * `ShortLinkService.shorten` (our domains only ever redirect to marketplace links, even if a caller forgot to
 * check), and the facts stored with each link. A port: the recognition itself is the conversion lib's marketplace
 * vocabulary, which depends on this lib (not the other way round), so the app passes an implementation to
 * `ShortLinksModule.forRoot({ targetPolicy })` and to `shortLinkMigrations` (the backfill of older links).
 */
export abstract class ShortLinkTargetPolicy {
  /** The facts of a target we may shorten, or null when it is not a marketplace link. */
  abstract facts(target: string): ShortLinkTargetFacts | null;

  allows(target: string): boolean {
    return this.facts(target) !== null;
  }
}

/** Allows no target: for an app that never makes short links (the standalone redirector). */
export class NoShortLinkTargets extends ShortLinkTargetPolicy {
  facts(_target: string): ShortLinkTargetFacts | null {
    return null;
  }
}
