export { ConversionModule } from './conversion.module';
export {
  ConversionService,
  replaceLinks,
  summaryMessage,
  type ConvertInput,
  type ConvertItem,
  type ConvertResult,
} from './conversion.service';
export { ConvertRequestDto } from './dto/convert-request.dto';
export { ConvertResponseDto, ErrorResponseDto } from './dto/convert-response.dto';
export { CONVERT_MODES, CONVERT_MODE_NAMES, isConvertMode, type ConvertMode } from './modes/convert-modes';
export { ITEM_ERROR_CODES, type ItemError, type ItemErrorCode, type LinkOutcome } from './modes/item-error';
export { ModeProvider, type ModeContext } from './modes/mode-provider';
export { MODE_PROVIDERS, ModeRegistry } from './modes/mode-registry';
export { Marketplaces } from './marketplaces';
export type { MarketplaceId, MarketplaceSettings } from './links';
export { MarketplaceSettingsSource, PrincipalMarketplaceSettings } from './marketplace-settings';
export { isTikiTapCode, lazadaMasterCode } from './links';
export {
  AddressPolicy,
  DnsLookup,
  ResolvedLink,
  ResolvedLinkStore,
  RESOLVER_OPTIONS,
  ShortLinkHttpClient,
  type ResolvedAddress,
  type ResolverOptions,
  type ShortLinkHttpOptions,
} from './resolver';
export { ConversionConfig, conversionConfig } from './conversion.config';
