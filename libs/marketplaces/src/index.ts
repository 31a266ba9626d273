export {
  isTikiTapCode,
  lazadaMasterCode,
  type MarketplaceId,
  type MarketplaceSettings,
  normalizeHostname,
  normalizeShortLink,
  type ParsedLink,
} from './links';
export { Marketplaces } from './marketplaces';
export { currencyOfSite, regionOfCurrency, regionOfSite, siteOf } from './sites';
