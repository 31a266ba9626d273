/** Lower-cases a WHATWG hostname and drops trailing dots (`SHOPEE.VN.` → `shopee.vn`). */
export function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/**
 * The raw `key=value` pairs of a URL's `search` string, exactly as encoded in the URL,
 * so that kept parameters keep their original order and encoding.
 */
export function rawQueryPairs(search: string): string[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query.split('&').filter((pair) => pair.length > 0);
}

/** The decoded, lower-cased name of a raw query pair (`UTM_Source=x` → `utm_source`). */
export function queryPairName(pair: string): string {
  const separator = pair.indexOf('=');
  const rawName = separator === -1 ? pair : pair.slice(0, separator);
  return safeDecode(rawName.replace(/\+/g, ' ')).toLowerCase();
}

/** The decoded value of a raw query pair ('' when there is none). */
export function queryPairValue(pair: string): string {
  const separator = pair.indexOf('=');
  return separator === -1 ? '' : safeDecode(pair.slice(separator + 1).replace(/\+/g, ' '));
}

/** `?a=1&b=2` from raw pairs, or '' when there are none. */
export function joinQuery(pairs: readonly string[]): string {
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** decodeURIComponent that returns the input unchanged on malformed percent-encoding. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `new URL(value)` that returns null instead of throwing. */
export function tryParseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Non-empty path segments, still percent-encoded as in the URL. */
export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment.length > 0);
}

/**
 * The normalised form of a short link, also its cache key: `https:` (short links are always fetched over TLS),
 * lower-case host without trailing dot, an explicit port kept (the resolver refuses it), path and query as
 * given, no fragment.
 */
export function normalizeShortLink(url: URL): string {
  const port = url.port ? `:${url.port}` : '';
  return `https://${normalizeHostname(url.hostname)}${port}${url.pathname}${url.search}`;
}

const HTTP_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/**
 * A link carried in a query parameter of another link (an_redir `origin_link`, a master link's `url`, Tiki's
 * `TIKI_URI`) as a URL: http(s), no userinfo; tolerates one extra level of percent-encoding. Null otherwise.
 */
export function embeddedWebUrl(value: string | null): URL | null {
  if (!value) return null;
  let link = value.trim();
  if (/^https?%3A/i.test(link)) link = safeDecode(link);
  const url = tryParseUrl(link);
  if (!url || !HTTP_PROTOCOLS.has(url.protocol) || url.username || url.password) return null;
  return url;
}
