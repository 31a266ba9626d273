export { extractLinks, type FoundLink } from './link-extractor';
export { LinkIdentifier } from './link-identifier';
export type {
  AffiliateParams,
  LinkKind,
  MarketplaceAdapter,
  MarketplaceId,
  NotConvertibleReason,
  ParsedLink,
} from './marketplace-link';
export { ShopeeAdapter } from './shopee.adapter';
