export { ConversionModule } from './conversion.module';
export { ConversionService, type ConvertItem, type ConvertResult } from './conversion.service';
export { MarketplaceTargetPolicy } from './marketplace-target-policy';
export { ConvertRequestDto } from './dto/convert-request.dto';
export { ConvertResponseDto } from './dto/convert-response.dto';
export { CONVERT_MODE_NAMES, isConvertMode } from './modes/convert-modes';
export { isTikiTapCode, lazadaMasterCode } from './links';
export { ResolvedLink } from './resolver';
export { conversionConfig } from './conversion.config';
