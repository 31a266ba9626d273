import type { LinkIdentifier } from '../links/link-identifier';
import type { MarketplaceAdapter, MarketplaceId, NotConvertibleReason, ParsedLink } from '../links/marketplace-link';

/** What an adapter's table of cases expects of a link it refuses: `not_convertible` with this reason code. */
export const refused = (reasonCode: NotConvertibleReason): Partial<ParsedLink> => ({
  kind: 'not_convertible',
  reasonCode,
});
/** …of a page link: its canonical URL. */
export const pageAt = (canonicalUrl: string): Partial<ParsedLink> => ({ kind: 'page', canonicalUrl });
/** …of a short link: the URL to resolve. */
export const shortAt = (shortUrl: string): Partial<ParsedLink> => ({ kind: 'short', shortUrl });

/** The hosts an adapter owns, those it does not, and whether some of its hosts serve short links. */
export interface HostCases {
  owned: string[];
  foreign: string[];
  shortLinkHosts?: Array<[string, boolean]>;
}

/** One test per host of `cases`: `ownsHost` (and `isShortLinkHost`) of `adapter` answer as listed. */
export function itKnowsHosts(adapter: MarketplaceAdapter, cases: HostCases): void {
  it.each(cases.owned)('owns %s', (host) => expect(adapter.ownsHost(host)).toBe(true));
  it.each(cases.foreign)('does not own %s', (host) => expect(adapter.ownsHost(host)).toBe(false));
  if (cases.shortLinkHosts) {
    it.each(cases.shortLinkHosts)('isShortLinkHost(%s) = %s', (host, expected) =>
      expect(adapter.isShortLinkHost(host)).toBe(expected),
    );
  }
}

/** A named raw link and what its ParsedLink holds. */
export type LinkCase = [name: string, raw: string, expected: Partial<ParsedLink>];

/** One test per case: `identifier` reads the raw link as a link of `marketplace` holding what the case expects. */
export function itReadsLinks(identifier: LinkIdentifier, marketplace: MarketplaceId, cases: LinkCase[]): void {
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(identifier.identify(raw)).toMatchObject({ marketplace, ...expected });
  });
}
