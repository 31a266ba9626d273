import { lazadaMasterCode, Marketplaces, type MarketplaceId } from '@app/conversion';

/**
 * The marketplace, region, affiliate account and item a short link's target points at, read by the conversion
 * lib's own adapters (`Marketplaces.identify`: the same recognition as the links converted, an affiliate link read
 * from its target parameter, never fetched): Shopee's `an_redir?origin_link=…&affiliate_id=…`, Lazada's master link
 * `c.lazada.<tld>/t/c.<code>?url=…`, or a marketplace link itself. Orders are joined to links by sub ids, for the
 * same marketplace, region and account, and by item when several of the member's links share the same sub ids.
 */
export interface LinkItem {
  marketplace: MarketplaceId | 'other';
  itemId: string | null;
  shopId: string | null;
  /** Lazada's SKU id (`-s<sku>`), which its report names beside (or instead of) the item. */
  skuId?: string | null;
  /** The country of the marketplace's site the link is for (`vn`, `th`, `id`…), or null. */
  region: string | null;
  /** The affiliate account the link was made for: Shopee's `affiliate_id`, Lazada's master link code; or null. */
  account: string | null;
}

/** The adapters hold no state: one instance for the process (as the short links' target policy does). */
const marketplaces = new Marketplaces();

export function itemOfTarget(target: string): LinkItem {
  const link = marketplaces.identify(target);
  if (!link) return { marketplace: 'other', itemId: null, shopId: null, region: null, account: null };
  const product = link.kind === 'product';
  return {
    marketplace: link.marketplace,
    itemId: product ? (link.itemId ?? null) : null,
    shopId: product ? (link.shopId ?? null) : null,
    skuId: product ? (link.skuId ?? null) : null,
    // The public suffix of the site ('co.th', 'com.my', 'vn'): its last label is the country.
    region: link.region ? (link.region.split('.').pop() ?? null) : null,
    account: accountOf(link.marketplace, target),
  };
}

/** The account of an affiliate link: Shopee's own `affiliate_id` parameter, Lazada's master link code. */
function accountOf(marketplace: MarketplaceId, target: string): string | null {
  if (marketplace === 'lazada') return lazadaMasterCode(target.split(/[?#]/)[0]);
  if (marketplace !== 'shopee') return null;
  try {
    return new URL(target).searchParams.get('affiliate_id') || null;
  } catch {
    return null;
  }
}
