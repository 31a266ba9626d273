/**
 * Where an HTML page says it really is, for short-link pages that answer 200 instead of redirecting
 * (Lazada's `s.lazada.*` pages, Shopee pages served to bots): in order of trust, `og:url`,
 * `<link rel="canonical">`, `<link rel="origin">` and `<meta http-equiv="refresh" content="0;url=...">`.
 * The values are returned raw (entity-decoded, not yet resolved against the page URL or checked).
 */
export function htmlTargets(html: string): string[] {
  const found: Record<'og' | 'canonical' | 'origin' | 'refresh', string[]> = {
    og: [],
    canonical: [],
    origin: [],
    refresh: [],
  };
  for (const tag of html.matchAll(TAG)) {
    const attributes = parseAttributes(tag[2]);
    if (tag[1].toLowerCase() === 'meta') {
      const property = (attributes.get('property') ?? attributes.get('name') ?? '').toLowerCase();
      const content = attributes.get('content');
      if (property === 'og:url' && content) found.og.push(content);
      if ((attributes.get('http-equiv') ?? '').toLowerCase() === 'refresh' && content) {
        const match = REFRESH_URL.exec(content);
        if (match) found.refresh.push(match[1].replace(/^['"]|['"]$/g, ''));
      }
    } else {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (href && rel.includes('canonical')) found.canonical.push(href);
      if (href && rel.includes('origin')) found.origin.push(href);
    }
  }
  return [...found.og, ...found.canonical, ...found.origin, ...found.refresh]
    .map((value) => decodeEntities(value).trim())
    .filter((value) => value.length > 0);
}

/** A `<meta …>` or `<link …>` tag; `[^<>]` keeps every failed attempt short, so the scan stays linear. */
const TAG = /<(meta|link)\b([^<>]{0,4096})>/gi;
const REFRESH_URL = /^\s*\d*\s*;?\s*url\s*=\s*(.+)$/i;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const SPACE = /\s/;

/** `name=value` pairs of a tag (first one wins), read in one pass: `name`, `name=v`, `name="v"`, `name='v'`. */
function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let i = 0;
  while (i < source.length) {
    while (i < source.length && (SPACE.test(source[i]) || source[i] === '/')) i++;
    const nameStart = i;
    while (i < source.length && !SPACE.test(source[i]) && source[i] !== '=' && source[i] !== '/') i++;
    const name = source.slice(nameStart, i).toLowerCase();
    while (i < source.length && SPACE.test(source[i])) i++;
    let value = '';
    if (source[i] === '=') {
      i++;
      while (i < source.length && SPACE.test(source[i])) i++;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const end = source.indexOf(quote, i + 1);
        value = source.slice(i + 1, end === -1 ? source.length : end);
        i = end === -1 ? source.length : end + 1;
      } else {
        const valueStart = i;
        while (i < source.length && !SPACE.test(source[i])) i++;
        value = source.slice(valueStart, i);
      }
    }
    if (name && !attributes.has(name)) attributes.set(name, value);
    if (i === nameStart) i++;
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
