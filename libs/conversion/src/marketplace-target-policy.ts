import { Injectable } from '@nestjs/common';
import { lazadaMasterCode, type MarketplaceId, Marketplaces, regionOfSite } from '@app/marketplaces';
import { ShortLinkTargetPolicy, type ShortLinkTargetFacts } from '@app/shortlinks';

/**
 * Our short links may only point at links this lib recognises as marketplace links, and each stores what its
 * target is: the api passes this to `ShortLinksModule.forRoot({ targetPolicy })` (see `ShortLinkService.shorten`)
 * and to the short links' migrations (the backfill of links made before). It reads the same adapters as
 * `Marketplaces` through an instance of its own (it is built inside the short-links module, which cannot see this
 * lib's providers; `Marketplaces` holds no state).
 */
@Injectable()
export class MarketplaceTargetPolicy extends ShortLinkTargetPolicy {
  private readonly marketplaces = new Marketplaces();

  /**
   * The marketplace, region, affiliate account and ids of a target, by the adapters (an affiliate link read from its
   * target parameter, never fetched): Shopee's `an_redir?origin_link=…&affiliate_id=…`, Lazada's master link
   * `c.lazada.<tld>/t/c.<code>?url=…`, or a marketplace link itself.
   */
  facts(target: string): ShortLinkTargetFacts | null {
    const link = this.marketplaces.identify(target);
    if (!link) return null;
    const product = link.kind === 'product';
    return {
      marketplace: link.marketplace,
      // The public suffix of the site ('co.th', 'com.my', 'vn'): its last label is the country.
      region: link.region ? regionOfSite(link.region) : null,
      affiliateId: cut(accountOf(link.marketplace, target), 100),
      shopId: product ? cut(link.shopId, 64) : null,
      itemId: product ? cut(link.itemId, 64) : null,
      variantId: product ? cut(link.skuId ?? link.modelId ?? link.spid, 64) : null,
    };
  }
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

function cut(value: string | null | undefined, max: number): string | null {
  return value ? value.slice(0, max) : null;
}
