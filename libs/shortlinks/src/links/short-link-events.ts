/** One short link made for the first time. */
export interface ShortLinkFact {
  code: string;
  url: string;
  /** The custom domain, or null for our own short domain. */
  domain: string | null;
  target: string;
  sub_id: string;
}

/**
 * New short links were made for a member (committed; links reused are not new). Emitted by
 * `ShortLinkService.shorten` with `emit`, not awaited: the convert call does not wait for what listeners do.
 */
export class ShortLinksCreated {
  static readonly event = 'shortlinks.created';

  constructor(
    readonly memberId: string,
    readonly links: readonly ShortLinkFact[],
  ) {}
}
