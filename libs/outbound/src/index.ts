export { OutboundModule } from './outbound.module';
export { OutsideLinks, type MarketplaceTarget, type ShortenerProvider } from './outside-links.service';
export type { OutboundFailure, OutboundResult } from './outbound-failure';
export type { OutboundRequest, OutboundResponse } from './http/outbound-http';
export type { Attempt } from './resilience/provider-gates';
export { Semaphore, SemaphoreFullError } from './resilience/semaphore';
export { failureForStatus, isRecord, parseJson, unreadable } from './protocols/common';
export { OutboundLink } from './cache/outbound-link.entity';
export {
  shopeeFailure,
  shopeeGraphqlRequest,
  shopeeOpenApiRegion,
  type ShopeeAppCredentials,
} from './protocols/shopee-open-api';
export {
  lazadaApiRegion,
  lazadaFailure,
  lazadaGetLinkRequest,
  type LazadaCredentials,
} from './protocols/lazada-affiliate';
export {
  MARKETPLACE_API_SECRET_NAMES,
  marketplaceApiCredentials,
  type MarketplaceApiCredentials,
} from './protocols/marketplace-api-credentials';
export {
  LAZADA_REPORT_PAGE_LIMIT,
  type LazadaReportAnswer,
  type LazadaReportRange,
} from './protocols/lazada-conversion-report';
export type { ShopeeReportAnswer, ShopeeReportPage } from './protocols/shopee-conversion-report';
export { outboundConfig } from './outbound.config';
export { OUTBOUND_MIGRATIONS } from './migrations';
