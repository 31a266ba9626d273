import type { MarketplaceId, NotConvertibleReason, ParsedLink } from './marketplace-link';

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

/**
 * Only a product or page link with its canonical URL has an affiliate link; any other is a caller's bug
 * (`buildAffiliateLink` of every adapter starts here).
 */
export function assertBuildable(
  link: ParsedLink,
  label: string,
): asserts link is ParsedLink & { kind: 'product' | 'page'; canonicalUrl: string } {
  if ((link.kind !== 'product' && link.kind !== 'page') || !link.canonicalUrl) {
    throw new Error(`Cannot build a ${label} affiliate link for a link of kind "${link.kind}"`);
  }
}
