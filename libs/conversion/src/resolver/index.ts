export { AddressPolicy, type AddressVerdict } from './address-policy';
export { DnsLookup, type ResolvedAddress } from './dns-lookup';
export { htmlTargets } from './html-target';
export { ResolvedLink } from './resolved-link.entity';
export { type CachedResolution, ResolvedLinkStore, TypeOrmResolvedLinkStore } from './resolved-link-store';
export { RESOLVER_OPTIONS, RESOLVER_USER_AGENT, resolverOptionsFrom, type ResolverOptions } from './resolver-options';
export { ShortLinkResolutionService, type ShortLinkOutcome } from './short-link-resolution.service';
export {
  HopError,
  type HopResponse,
  pinnedLookup,
  ShortLinkHttpClient,
  type ShortLinkHttpOptions,
} from './short-link-http';
export {
  RESOLUTION_FAILURES,
  type ResolutionFailure,
  type ResolutionResult,
  ShortLinkResolver,
} from './short-link-resolver';
