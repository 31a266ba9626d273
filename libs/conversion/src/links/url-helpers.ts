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
