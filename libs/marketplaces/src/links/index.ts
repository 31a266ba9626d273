export { LinkIdentifier } from './link-identifier';
export type {
  AffiliateFailureCode,
  AffiliateLinkResult,
  AffiliateParams,
  LinkKind,
  MarketplaceAdapter,
  MarketplaceId,
  MarketplaceSettings,
  NotConvertibleReason,
  ParsedLink,
} from './marketplace-link';
export { LazadaAdapter, lazadaMasterCode } from './lazada.adapter';
export { ShopeeAdapter } from './shopee.adapter';
export { isTikiTapCode, TikiAdapter } from './tiki.adapter';
export { TikTokAdapter } from './tiktok.adapter';
export { normalizeHostname, normalizeShortLink } from './url-helpers';
