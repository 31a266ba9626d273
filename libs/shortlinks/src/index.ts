export { ShortLinksModule, SHORT_LINK_ENTITIES } from './shortlinks.module';
export { CODE_SHAPE, OWN_DOMAIN, SHORT_CODE_ALPHABET, TXT_RECORD_PREFIX } from './shortlinks.constants';
export { randomShortCode, ShortCodeGenerator, unreservedCode } from './links/short-code';
export { RESERVED_PATH_PREFIXES, isReservedCode, isReservedPath, shortBaseUrlProblem } from './links/reserved-paths';
export { ShortLink } from './links/short-link.entity';
export { ShortLinkClick } from './links/short-link-click.entity';
export {
  ShortLinkService,
  type ClicksFilter,
  type ClicksPerDay,
  type ShortLinkView,
  type SubIdClicks,
} from './links/short-link.service';
export { ShortLinkUrls, shortBaseOf } from './links/short-link-urls';
export { ShortLinkTargetPolicy, type ShortLinkTargetCheck } from './links/short-link-target-policy';
export { CustomDomain, type CustomDomainStatus } from './domains/custom-domain.entity';
export { CustomDomainService, domainView, type CustomDomainView } from './domains/custom-domain.service';
export { CustomDomainRechecker } from './domains/custom-domain-rechecker';
export { DnsTxtResolver, NodeDnsTxtResolver, type TxtLookup } from './domains/dns-txt-resolver';
export { ClickCounter } from './redirect/click-counter';
export { customScope, type LinkHit, type LinkScope, OWN_SCOPE, RedirectLookup } from './redirect/redirect-lookup';
export { ShortLinkRedis } from './redirect/short-link-redis';
export { isBotUserAgent } from './redirect/bot-detector';
export { ShortLinksConfig, shortLinksConfig } from './shortlinks.config';
