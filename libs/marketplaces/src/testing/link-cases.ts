import type { NotConvertibleReason, ParsedLink } from '../links/marketplace-link';

/** What an adapter's table of cases expects of a link it refuses: `not_convertible` with this reason code. */
export const refused = (reasonCode: NotConvertibleReason): Partial<ParsedLink> => ({
  kind: 'not_convertible',
  reasonCode,
});
/** …of a page link: its canonical URL. */
export const pageAt = (canonicalUrl: string): Partial<ParsedLink> => ({ kind: 'page', canonicalUrl });
/** …of a short link: the URL to resolve. */
export const shortAt = (shortUrl: string): Partial<ParsedLink> => ({ kind: 'short', shortUrl });
