export { OutboundModule } from './outbound.module';
export { OutsideLinks, type MarketplaceTarget, type ShortenerProvider } from './outside-links.service';
export type { OutboundResult } from './outbound-failure';
export { OutboundLink } from './cache/outbound-link.entity';
export { shopeeAuthorization, shopeeOpenApiRegion, type ShopeeAppCredentials } from './protocols/shopee-open-api';
export { lazadaApiRegion, lazadaSign, type LazadaCredentials } from './protocols/lazada-affiliate';
export { outboundConfig } from './outbound.config';
export { OUTBOUND_MIGRATIONS } from './migrations';
