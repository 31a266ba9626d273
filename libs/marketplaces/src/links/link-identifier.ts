import { MarketplaceAdapter, ParsedLink } from './marketplace-link';
import { unwrapLink } from './link-wrappers';
import { normalizeHostname, tryParseUrl } from './url-helpers';

const WEB_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);
/**
 * `scheme://`: anything else (`shopee.vn/...`, `www.x.com`) is a scheme-less link and gets `https://`, and a
 * protocol-relative one (`//www.lazada.vn/...`, as scraped HTML writes hrefs) gets `https:`.
 */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const PROTOCOL_RELATIVE = '//';
/**
 * `&` as HTML writes it (`&amp;`, `&#38;`, `&#x26;`): a link copied from an `href` or from HTML source keeps the
 * entity, and read as is its next parameter would be named `amp;name`.
 */
const HTML_AMPERSAND = /&(?:amp|#0*38|#x0*26);/gi;
/** `\/` as JSON writes `/` (`"https:\/\/shopee.vn\/…"`): a link found in JSON is read with its slashes unescaped. */
const JSON_ESCAPED_SLASH = /\\\//g;

/**
 * App deep-link schemes, rewritten to the equivalent web "universal link" so the adapter applies
 * its usual rules: `shopee://product/<s>/<i>` → `https://shopee.vn/universal-link/product/<s>/<i>`.
 */
const shopeeUniversalLink = (url: URL) => `https://shopee.vn/universal-link/${url.host}${url.pathname}${url.search}`;
const APP_SCHEME_REWRITES: ReadonlyMap<string, (url: URL) => string> = new Map([
  ['shopee:', shopeeUniversalLink],
  ['shopeevn:', shopeeUniversalLink],
]);

const ADAPTER_FAILURE_REASON = 'This marketplace link could not be read';

/** Finds which marketplace a raw link (as found in text) belongs to, and parses it. */
export class LinkIdentifier {
  private readonly adapters: readonly MarketplaceAdapter[];

  constructor(adapters: MarketplaceAdapter[]) {
    this.adapters = [...adapters];
  }

  /** The parsed link, or null when it is not a web link of a supported marketplace. Never throws. */
  identify(raw: string): ParsedLink | null {
    const url = toWebUrl(raw);
    return url ? this.identifyUrl(url) : null;
  }

  private identifyUrl(url: URL): ParsedLink | null {
    const adapter = this.ownerOf(normalizeHostname(url.hostname));
    return adapter ? parseSafely(adapter, url) : null;
  }

  /**
   * What a link found in text is: `identify()`, or, for a redirect wrapper (`l.facebook.com/l.php?u=<link>`), the
   * marketplace link it wraps (one level; a wrapper around anything else is not a marketplace link). Only links
   * found in text are unwrapped: a short link's landing page or a short-link target must be the marketplace's own.
   */
  identifyInText(raw: string): ParsedLink | null {
    const url = toWebUrl(raw);
    if (!url) return null;
    const inner = unwrapLink(url);
    return inner ? this.identify(inner.href) : this.identifyUrl(url);
  }

  /** The adapter owning a host (lower-case, no trailing dot), or null. */
  ownerOf(host: string): MarketplaceAdapter | null {
    try {
      return this.adapters.find((adapter) => adapter.ownsHost(host)) ?? null;
    } catch {
      return null;
    }
  }
}

/** An adapter bug must not fail the whole request: the link is reported as unreadable instead. */
function parseSafely(adapter: MarketplaceAdapter, url: URL): ParsedLink | null {
  try {
    return adapter.parse(url);
  } catch {
    return {
      marketplace: adapter.id,
      kind: 'not_convertible',
      region: '',
      reasonCode: 'invalid_link',
      reason: ADAPTER_FAILURE_REASON,
    };
  }
}

/** An http(s) URL without userinfo, or null; HTML-escaped `&` are read as `&`, JSON-escaped `\/` as `/`. */
function toWebUrl(raw: string): URL | null {
  const link = typeof raw === 'string' ? raw.trim().replace(HTML_AMPERSAND, '&').replace(JSON_ESCAPED_SLASH, '/') : '';
  if (!link) return null;
  const absolute = HAS_SCHEME.test(link)
    ? link
    : link.startsWith(PROTOCOL_RELATIVE)
      ? `https:${link}`
      : `https://${link}`;
  const parsed = tryParseUrl(absolute);
  if (!parsed) return null;
  const rewrite = APP_SCHEME_REWRITES.get(parsed.protocol);
  const url = rewrite ? tryParseUrl(rewrite(parsed)) : parsed;
  if (!url || !WEB_PROTOCOLS.has(url.protocol) || url.username || url.password) return null;
  return url;
}
