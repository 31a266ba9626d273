import { DynamicModule, Module, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { PubSubModule, RedisModule } from '@app/messaging';
import { CustomDomain } from './domains/custom-domain.entity';
import { CustomDomainService } from './domains/custom-domain.service';
import { DnsTxtResolver, NodeDnsTxtResolver } from './domains/dns-txt-resolver';
import { ShortCodeGenerator } from './links/short-code';
import { ShortLinkClick } from './links/short-link-click.entity';
import { ShortLink } from './links/short-link.entity';
import { ShortLinkService } from './links/short-link.service';
import { ShortLinkTargetPolicy } from './links/short-link-target-policy';
import { ShortLinkUrls } from './links/short-link-urls';
import { ClickCounter } from './redirect/click-counter';
import { RedirectLookup } from './redirect/redirect-lookup';
import { ShortLinkRedis } from './redirect/short-link-redis';
import { shortLinksConfig, ShortLinksConfig } from './shortlinks.config';

/**
 * Short links, custom domains, and what the redirect path needs (the lookup and its caches, the click counter;
 * the HTTP edge is `apps/redirector`'s). Imported by the api (convert modes, account area, and the redirect
 * handler in single-process mode) and by the standalone redirector, always through `forRoot` (the bare class lacks
 * the target policy, so it fails at start-up). The periodic domain re-check (`CustomDomainRechecker`) is not in
 * here: the api registers it, so it runs once per api instance only.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ShortLink, ShortLinkClick, CustomDomain]),
    ClockModule,
    RedisModule,
    PubSubModule,
  ],
  providers: [
    ShortCodeGenerator,
    ShortLinkUrls,
    ShortLinkService,
    ShortLinkRedis,
    RedirectLookup,
    ClickCounter,
    {
      provide: DnsTxtResolver,
      inject: [shortLinksConfig.KEY],
      useFactory: (config: ShortLinksConfig) => new NodeDnsTxtResolver(config.dnsServers),
    },
    CustomDomainService,
  ],
  exports: [ShortLinkService, ShortLinkUrls, CustomDomainService, RedirectLookup, ClickCounter, ShortLinkRedis],
})
export class ShortLinksModule {
  private static readonly configured = new Map<Type<ShortLinkTargetPolicy>, DynamicModule>();

  /**
   * `targetPolicy`: which targets `ShortLinkService.shorten` accepts. Nest keys a dynamic module by its object, so
   * the same policy always gets the same object here: the api's root and the conversion module, which both
   * import it, share one instance (one click counter, one set of caches).
   */
  static forRoot(options: ShortLinksModuleOptions): DynamicModule {
    let configured = ShortLinksModule.configured.get(options.targetPolicy);
    if (!configured) {
      configured = {
        module: ShortLinksModule,
        providers: [{ provide: ShortLinkTargetPolicy, useClass: options.targetPolicy }],
      };
      ShortLinksModule.configured.set(options.targetPolicy, configured);
    }
    return configured;
  }
}

export interface ShortLinksModuleOptions {
  targetPolicy: Type<ShortLinkTargetPolicy>;
}

/** The entities of the short-link tables, for a DataSource. */
export const SHORT_LINK_ENTITIES = [ShortLink, ShortLinkClick, CustomDomain];
