/**
 * The marketplace and item id a short link's target points at, from the target alone (no network): Shopee's
 * `an_redir?origin_link=…` or a product URL (`…-i.<shop>.<item>`, `/product/<shop>/<item>`), Lazada's
 * `…-i<item>-s<sku>.html` (also inside a `c.lazada…?url=` or `?dl=` wrapper). Orders are joined to links by
 * sub ids, and by item when several of the member's links share the same sub ids.
 */
export interface LinkItem {
  marketplace: 'shopee' | 'lazada' | 'tiktok' | 'tiki' | 'other';
  itemId: string | null;
  shopId: string | null;
  /** Lazada's SKU id (`-s<sku>`), which its report may name instead of the item. */
  skuId?: string | null;
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
  const shopee =
    /[-.]i\.(\d{1,20})\.(\d{1,20})/.exec(text) ?? /shopee\.[a-z.]+\/product\/(\d{1,20})\/(\d{1,20})/.exec(text);
  if (shopee) return { marketplace: 'shopee', shopId: shopee[1], itemId: shopee[2] };
  if (/shopee\./.test(text)) return { marketplace: 'shopee', shopId: null, itemId: null };
  const lazada = /lazada\.[a-z.]+\/products\/[^?#]*?-i(\d{1,20})(?:-s(\d{1,20}))?\.html/.exec(text);
  if (lazada) return { marketplace: 'lazada', shopId: null, itemId: lazada[1], skuId: lazada[2] ?? null };
  if (/lazada\./.test(text)) return { marketplace: 'lazada', shopId: null, itemId: null };
  if (/tiktok\.com/.test(text)) return { marketplace: 'tiktok', shopId: null, itemId: null };
  if (/tiki\.vn/.test(text)) return { marketplace: 'tiki', shopId: null, itemId: null };
  return { marketplace: 'other', shopId: null, itemId: null };
}
