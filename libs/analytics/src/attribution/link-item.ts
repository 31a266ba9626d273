/**
 * The marketplace, region, affiliate account and item a short link's target points at, from the target alone (no
 * network): Shopee's `an_redir?origin_link=…&affiliate_id=…` or a product URL (`…-i.<shop>.<item>`,
 * `/product/<shop>/<item>`), Lazada's `…-i<item>-s<sku>.html` (also inside a `c.lazada…/t/c.<code>?url=` master
 * link or a `?dl=` wrapper). Orders are joined to links by sub ids, for the same marketplace, region and account,
 * and by item when several of the member's links share the same sub ids.
 */
export interface LinkItem {
  marketplace: 'shopee' | 'lazada' | 'tiktok' | 'tiki' | 'other';
  itemId: string | null;
  shopId: string | null;
  /** Lazada's SKU id (`-s<sku>`), which its report may name instead of the item. */
  skuId?: string | null;
  /** The country of the marketplace's site the link is for (`vn`, `th`, `id`…), or null. */
  region: string | null;
  /** The affiliate account the link was made for: Shopee's `affiliate_id`, Lazada's master link code; or null. */
  account: string | null;
}

export function itemOfTarget(target: string): LinkItem {
  let text = target;
  for (let i = 0; i < 3 && /%[0-9A-Fa-f]{2}/.test(text); i += 1) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  const region = (name: string) =>
    new RegExp(`\\b${name}\\.(?:co\\.|com\\.)?([a-z]{2})(?=[/:?#]|$)`, 'i').exec(text)?.[1]?.toLowerCase() ?? null;
  const shopee =
    /[-.]i\.(\d{1,20})\.(\d{1,20})/.exec(text) ?? /shopee\.[a-z.]+\/product\/(\d{1,20})\/(\d{1,20})/.exec(text);
  if (shopee || /shopee\./.test(text)) {
    return {
      marketplace: 'shopee',
      shopId: shopee?.[1] ?? null,
      itemId: shopee?.[2] ?? null,
      region: region('shopee'),
      account: shopeeAffiliateId(target),
    };
  }
  const account = /c\.lazada\.[a-z.]+\/t\/c\.([A-Za-z0-9]{1,64})/.exec(text)?.[1] ?? null;
  const lazada = /lazada\.[a-z.]+\/products\/[^?#]*?-i(\d{1,20})(?:-s(\d{1,20}))?\.html/.exec(text);
  if (lazada || /lazada\./.test(text)) {
    return {
      marketplace: 'lazada',
      shopId: null,
      itemId: lazada?.[1] ?? null,
      skuId: lazada?.[2] ?? null,
      region: region('lazada'),
      account,
    };
  }
  const none = { shopId: null, itemId: null, region: null, account: null };
  if (/tiktok\.com/.test(text)) return { marketplace: 'tiktok', ...none };
  if (/tiki\.vn/.test(text)) return { marketplace: 'tiki', ...none };
  return { marketplace: 'other', ...none };
}

/** The `affiliate_id` of a Shopee affiliate link's own query (not of the product link it carries). */
function shopeeAffiliateId(target: string): string | null {
  try {
    return new URL(target).searchParams.get('affiliate_id') || null;
  } catch {
    return null;
  }
}
