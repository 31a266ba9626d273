import { Module } from '@nestjs/common';
import { ConversionService } from './conversion.service';
import { Marketplaces } from './marketplaces';
import { ModeProvider } from './modes/mode-provider';
import { MODE_PROVIDERS, ModeRegistry } from './modes/mode-registry';
import { AffiliateMode } from './modes/providers/affiliate.mode';
import { LinkGocMode } from './modes/providers/link-goc.mode';
import { UNAVAILABLE_MODES, UnavailableMode } from './modes/providers/unavailable.mode';

const BUILT_MODES = [AffiliateMode, LinkGocMode];

@Module({
  providers: [
    Marketplaces,
    ...BUILT_MODES,
    {
      provide: MODE_PROVIDERS,
      inject: BUILT_MODES,
      useFactory: (...built: ModeProvider[]): ModeProvider[] => [
        ...built,
        ...UNAVAILABLE_MODES.map((mode) => new UnavailableMode(mode)),
      ],
    },
    ModeRegistry,
    ConversionService,
  ],
  exports: [ConversionService, Marketplaces],
})
export class ConversionModule {}
