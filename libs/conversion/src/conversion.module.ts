import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { ShortLinksModule } from '@app/shortlinks';
import { TextConverter } from './text-converter';
import { ConvertResponder } from './convert-responder';
import { LargeConversionGate } from './large-conversion-gate';
import { ConversionWorkers } from './workers/conversion-workers';
import { MarketplaceSettingsSource, PrincipalMarketplaceSettings } from './marketplace-settings';
import { MarketplaceTargetPolicy } from './marketplace-target-policy';
import { Marketplaces } from '@app/marketplaces';
import { ModeProvider } from './modes/mode-provider';
import { MODE_PROVIDERS, ModeRegistry } from './modes/mode-registry';
import { AffiliateMode } from './modes/providers/affiliate.mode';
import { CustomDomainShortenerMode } from './modes/providers/custom-domain-shortener.mode';
import { OwnShortenerMode } from './modes/providers/own-shortener.mode';
import { LinkGocMode } from './modes/providers/link-goc.mode';
import { EXTERNAL_SHORTENER_MODES } from './modes/providers/external-shortener.mode';
import { MarketplaceApiMode } from './modes/providers/marketplace-api.mode';
import { MembersModule } from '@app/members';
import { OutboundModule } from '@app/outbound';
import {
  AddressPolicy,
  DnsLookup,
  ResolvedLink,
  ResolvedLinkStore,
  RESOLVER_OPTIONS,
  resolverOptionsFrom,
  ResolverOptions,
  ShortLinkHttpClient,
  ShortLinkResolutionService,
  ShortLinkResolver,
  TypeOrmResolvedLinkStore,
} from './resolver';
import { conversionConfig } from './conversion.config';

const BUILT_MODES = [
  AffiliateMode,
  LinkGocMode,
  OwnShortenerMode,
  CustomDomainShortenerMode,
  ...EXTERNAL_SHORTENER_MODES,
  MarketplaceApiMode,
];

@Module({
  imports: [
    TypeOrmModule.forFeature([ResolvedLink]),
    ClockModule,
    // Our short links may only point at links this lib recognises as marketplace links (the api's root imports
    // the same, so both share one instance).
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
    OutboundModule,
    MembersModule,
  ],
  providers: [
    Marketplaces,
    { provide: RESOLVER_OPTIONS, inject: [conversionConfig.KEY], useFactory: resolverOptionsFrom },
    { provide: AddressPolicy, useFactory: () => new AddressPolicy() },
    DnsLookup,
    {
      provide: ShortLinkHttpClient,
      inject: [RESOLVER_OPTIONS],
      useFactory: (options: ResolverOptions) => new ShortLinkHttpClient(options),
    },
    ShortLinkResolver,
    { provide: ResolvedLinkStore, useClass: TypeOrmResolvedLinkStore },
    ShortLinkResolutionService,
    { provide: MarketplaceSettingsSource, useClass: PrincipalMarketplaceSettings },
    ...BUILT_MODES,
    {
      provide: MODE_PROVIDERS,
      inject: BUILT_MODES,
      useFactory: (...built: ModeProvider[]): ModeProvider[] => built,
    },
    ModeRegistry,
    ConversionWorkers,
    TextConverter,
    LargeConversionGate,
    ConvertResponder,
  ],
  // AddressPolicy and DnsLookup: the outside addresses other libs may call too (webhooks), under the same rule.
  exports: [TextConverter, ConvertResponder, LargeConversionGate, Marketplaces, AddressPolicy, DnsLookup],
})
export class ConversionModule {}
