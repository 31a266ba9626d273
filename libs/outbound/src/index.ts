export { OutboundModule } from './outbound.module';
export { OutsideLinks, type MarketplaceTarget, type ShortenerProvider } from './outside-links.service';
export {
  OUTBOUND_FAILURE_CODES,
  type OutboundFailure,
  type OutboundFailureCode,
  type OutboundResult,
} from './outbound-failure';
export { OUTBOUND_PROVIDERS, PROVIDER_LABELS, type OutboundProvider } from './providers';
export { OUTBOUND_OPTIONS, outboundOptionsFrom, type OutboundOptions } from './outbound-options';
export { ProviderGates } from './resilience/provider-gates';
export { OutboundLink } from './cache/outbound-link.entity';
export { OutboundHttp } from './http/outbound-http';
export { shopeeAuthorization, shopeeOpenApiRegion, type ShopeeAppCredentials } from './protocols/shopee-open-api';
export { lazadaApiRegion, lazadaSign, LAZADA_GETLINK_PATH, type LazadaCredentials } from './protocols/lazada-affiliate';
export { OutboundConfig, outboundConfig } from './outbound.config';
