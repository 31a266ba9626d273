/**
 * Whether a URL may be the target of one of our short links: defence in depth for `ShortLinkService.shorten`
 * (our domains only ever redirect to marketplace links, even if a caller forgot to check). A port: the check
 * itself is the conversion lib's host recognition, which depends on this lib (not the other way round), so the
 * app passes an implementation to `ShortLinksModule.forRoot({ targetPolicy })`.
 */
export abstract class ShortLinkTargetPolicy {
  abstract allows(target: string): boolean;
}

/** Allows no target: for an app that never makes short links (the standalone redirector). */
export class NoShortLinkTargets extends ShortLinkTargetPolicy {
  allows(_target: string): boolean {
    return false;
  }
}
