import { decodeEntity } from 'html-entities';
import { LinkifyIt, REBuilder, SchemaOpts } from 'linkify-it';

export interface ExtractOptions {
  /**
   * True when `url` is a marketplace short link. A short code is ASCII, so a short link glued to a word
   * (`https://s.shopee.vn/8pZnE3uF0kĐặt`, `…/8pZnE3uF0k,giá`) ends at the first non-ASCII character or sentence
   * punctuation of its path when what comes before it is a short link. Without it, links are not cut there.
   */
  isShortLink?: (url: string) => boolean;
}

/** A link found in text: `url === text.slice(start, end)` (UTF-16 offsets into the original text). */
export interface FoundLink {
  url: string;
  start: number;
  end: number;
}

/**
 * How a link names its scheme: `https://…` (`scheme`), protocol-relative `//www.lazada.vn/…` as scraped HTML writes
 * hrefs (`relative`), or not at all, `shopee.vn/…`, `www.x.com` (`none`, linkify-it's "fuzzy" links).
 */
type SchemeForm = 'scheme' | 'relative' | 'none';

export interface Candidate {
  start: number;
  end: number;
  form: SchemeForm;
}

/** Same as linkify-it's default `maxLength`. */
const MAX_LINK_LENGTH = 10_000;
const APP_SCHEMES: readonly string[] = ['shopee:', 'shopeevn:'];

/**
 * `Voucher:` in `Voucher:shopee.vn/…`: linkify-it ignores a scheme-less link right after a colon.
 * What precedes the first colon holds no `.` or `/`, so it cannot be (part of) a link; a colon
 * before `/` (a scheme) or a digit (a port, a time) is not a label.
 */
const LABEL = /^[^./:]+:(?![/\d])/;
/** Scheme starts. linkify-it only sees a scheme after a space or punctuation, not after `ngay`, `👉` or `2`. */
const SCHEME_START = /(?:https?|shopee(?:vn)?):\/\//gi;
/**
 * A protocol-relative link's `//`, followed by a host character: only at the start of a word or after a character
 * that cannot end a URL part (`href="//…`, `(//…`, `=//…`), never inside a path (`a//b`) or after a scheme.
 */
const RELATIVE_START = /(?<![\p{L}\p{N}\p{M}:/.\\_~%+-])\/\/(?=[\p{L}\p{N}])(?![a-z][a-z\d+.-]*:\/\/)/giu;
/** Characters after which a scheme is part of the current link (`?u=https://…`, `/web/2020/https://…`). */
const EMBEDDED_SCHEME_PRECEDERS: ReadonlySet<string> = new Set(['=', '/', '?', '&', '#']);

/**
 * A character of a link path: anything but white space, the characters never raw in a URL that HTML
 * and Markdown put around links (`"<>` etc.), and non-ASCII punctuation (`«»¡¿·`, general punctuation
 * incl. `“”‘’…` and zero-width characters, CJK and full-width punctuation).
 */
const PATH_CHAR =
  /[^\s"<>`^{|}\\\u00a1\u00ab\u00b7\u00bb\u00bf\u2000-\u206f\u2e00-\u2e7f\u3000-\u303f\ufe10-\ufe1f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/;

/**
 * The text is scanned word by word: a link never holds white space, nor what we decide ends a link
 * wherever it appears, host included: zero-width and other format characters, arrows, dingbats and
 * the other symbol blocks used as emoji, variation selectors, astral characters (surrogates: most
 * emoji), `…` and runs of three dots or more. So `link👉shopee.vn/…🔥` yields the word `shopee.vn/…`.
 */
const WORD_BREAKS =
  '\\s\\u00ad\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\ufeff\\u2026\\u2190-\\u21ff\\u2300-\\u23ff\\u25a0-\\u27bf\\u2b00-\\u2bff\\u3030\\u303d\\ufe0e\\ufe0f\\ud800-\\udfff';
const WORD = new RegExp(`(?:[^.${WORD_BREAKS}]|(?<!\\.\\.)(?!\\.\\.\\.)(?!(?<=\\.)\\.\\.)\\.)+`, 'g');
/** A character that ends a word (so a link) wherever it stands. */
const WORD_BREAK = new RegExp(`[${WORD_BREAKS}]`);

/** Trailing characters that belong to the sentence, not to the link. */
const TRAILING_PUNCTUATION: ReadonlySet<string> = new Set([
  ...'.,;:!?\'"`*>',
  ...'»”“’‘…',
  ...'。，、；：！？）］｝】」』》〉',
]);
/** Closing brackets, trimmed only when unbalanced inside the link: `(https://x.vn/a-(b))` keeps `(b)`. */
const BRACKET_PAIRS: ReadonlyArray<readonly [opener: string, closer: string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];
/** An opening quote right before a link closes at the first same quote inside it (`href="…"`). */
const QUOTES: ReadonlySet<string> = new Set(['"', "'", '`']);
/** Characters of a host name; a scheme-less match starts after the last character outside this set. */
const HOST_CHAR = /[\p{L}\p{M}\p{N}.-]/u;
const HOST_END: ReadonlySet<string> = new Set(['/', '?', '#', ':']);
const SCHEME_WITH_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i;
/**
 * An HTML character reference (`&nbsp;`, `&quot;`, `&#34;`, `&#xA0;`), as editors, CMS dumps and spreadsheet pastes
 * leave around links. Read at an `&` of a link: it ends the link when the character it stands for would.
 */
const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/iy;
/** A JSON-escaped slash (`"https:\/\/shopee.vn\/…"`): such a word is read with its slashes unescaped. */
const ESCAPED_SLASH = '\\/';
/**
 * A path segment of digits with a word glued after it, starting with a non-ASCII letter: `/product/1/2ครับ`,
 * `/p/276665412好`. A slug that starts with digits (`5Ấo-thun-…`) goes on with `-` or `.`: not a glued word.
 */
const GLUED_AFTER_DIGITS = /^\d+(?=[^\x00-\x7f][^-.]*\.*$)/;
/** `.html` with non-ASCII text glued after it: `…-i1-s2.htmlครับ`. */
const GLUED_AFTER_HTML = /\.html(?=[^\x00-\x7f])/i;
/** `-i.<shop>.<item>`, the ids that end a Shopee product slug. */
const PRODUCT_IDS = /-i\.\d+\.\d+(?!\d)/g;
/** What never stands in a short code: a non-ASCII character (a glued Vietnamese word) or sentence punctuation. */
const NOT_IN_SHORT_CODE = /[^\x00-\x7f]|[,;!*'"`]/;
const DOTTED_HOST = /^[^./?#:][^/?#:]*\.[^/?#:]/;
/**
 * A character of a raw product slug, beyond what PATH_CHAR takes: sellers' names hold `…`, CJK brackets and
 * punctuation (`【免運】`, `「」`), emoji. Such a run belongs to the link only when it goes on to `-i.<shop>.<item>`
 * (see extendRawSlug); it never holds white space, zero-width or other format characters, quotes, `<>`, or the
 * `/?#` that end a path segment.
 */
const SLUG_RUN_CHAR = /[^\s/?#"'`<>\\{}|^\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/**
 * linkify-it's own path grammar (bracket pairs, quotes, punctuation look-aheads over Unicode
 * alternations) costs several microseconds per link; this one is a single character class, and the
 * punctuation rules it leaves out (trailing `.,!?`, unbalanced brackets...) are applied in refine().
 * Scheme and host recognition stay linkify-it's.
 */
class PathRuleBuilder extends REBuilder {
  private path?: RegExp;

  override get_path(): RegExp {
    this.path ??= new RegExp(`(?:[/?#]${PATH_CHAR.source}{0,${MAX_LINK_LENGTH}}|\\/)?`);
    return this.path;
  }
}

/** A host label of letters, digits and inner hyphens (RFC 1123), ASCII only. */
const LDH_LABEL = '[a-z\\d](?:[a-z\\d-]{0,61}[a-z\\d])?';
const PLAIN_WEB_LINK = new RegExp(`^https?:\\/\\/(?:${LDH_LABEL}\\.)+${LDH_LABEL}(?:[/?#]${PATH_CHAR.source}*)?$`, 'i');
/** Longer words go through linkify-it, whose path rule stops at MAX_LINK_LENGTH characters. */
const PLAIN_WEB_LINK_MAX = 2_000;

/** Same validator as linkify-it's `http:` schema: `//host/path`. */
const webLikeSchema: SchemaOpts = {
  validate: (text, pos, self) => {
    const validator = self.re.get_http_validator();
    validator.lastIndex = pos;
    const match = validator.exec(text);
    return match ? match[0].length : 0;
  },
};

const linkify = APP_SCHEMES.reduce(
  (instance, scheme) => instance.add(scheme, webLikeSchema),
  new LinkifyIt({
    fuzzyLink: true,
    fuzzyEmail: false,
    urlAuth: true,
    maxLength: MAX_LINK_LENGTH,
    rebuilder: new PathRuleBuilder(),
  })
    .add('ftp:', null)
    .add('mailto:', null)
    .add('//', null),
);

/**
 * Every link in `text` (http(s), `www.`, scheme-less `shopee.vn/...`, `shopee://`, `shopeevn://`), sorted by start
 * and non-overlapping, with the punctuation that posts glue around links left outside.
 */
export function extractLinks(text: string, options: ExtractOptions = {}): FoundLink[] {
  const links: FoundLink[] = [];
  // Where the last link ends: a raw product slug may run over the words that follow it (`…`, emoji end a word).
  let covered = 0;
  for (const match of text.matchAll(WORD)) {
    if (match.index + match[0].length <= covered || !mayHoldLink(match[0])) continue;
    const labelLength = LABEL.exec(match[0])?.[0].length ?? 0;
    const word = match[0].slice(labelLength);
    const offset = match.index + labelLength;
    if (word.includes(ESCAPED_SLASH)) {
      covered = extractEscaped(text, word, offset, covered, options, links);
      continue;
    }
    for (const candidate of findCandidates(word)) {
      if (offset + candidate.start < covered) continue;
      const link = refine(text, offset + candidate.start, offset + candidate.end, candidate.form, options);
      if (link) {
        links.push(link);
        covered = link.end;
      }
    }
  }
  return links;
}

/**
 * The links of a word holding JSON-escaped slashes (`"https:\/\/shopee.vn\/…"`, as pages embed their state): found in
 * the word with its slashes unescaped, each given its span in `text` (`\/` included), so `url` is the link as it
 * stands, escaped. Returns where the last one ends.
 */
function extractEscaped(
  text: string,
  word: string,
  offset: number,
  covered: number,
  options: ExtractOptions,
  links: FoundLink[],
): number {
  // positions[i]: where the unescaped word's i-th character stands in `word`.
  const positions: number[] = [];
  let unescaped = '';
  for (let i = 0; i < word.length; i++) {
    positions.push(i);
    if (word.startsWith(ESCAPED_SLASH, i)) i++;
    unescaped += word[i];
  }
  positions.push(word.length);
  for (const candidate of findCandidates(unescaped)) {
    const link = refine(unescaped, candidate.start, candidate.end, candidate.form, options);
    if (!link || offset + positions[link.start] < covered) continue;
    const start = offset + positions[link.start];
    const end = offset + positions[link.end];
    links.push({ url: text.slice(start, end), start, end });
    covered = end;
  }
  return covered;
}

/**
 * `link` written the way `found` (a link as it stands in text) is: with its slashes JSON-escaped when the found one's
 * are (`https:\/\/…`), so a link replaced in JSON keeps the JSON's form; as it is otherwise.
 */
export function writtenLike(found: string, link: string): string {
  return found.includes(ESCAPED_SLASH) ? link.replaceAll('/', ESCAPED_SLASH) : link;
}

/** Saves running linkify-it's Unicode-heavy regexes over words that cannot hold a link. */
function mayHoldLink(word: string): boolean {
  return word.includes('.') || word.includes('//');
}

// ---------------------------------------------------------------- finding candidates in one word

/**
 * linkify-it's matches plus the scheme starts it missed, merged left to right (so sorted and
 * non-overlapping), each ended where another link starts glued to it (`…-i.1.2https://…`).
 */
function findCandidates(word: string): Candidate[] {
  const schemeStarts = findSchemeStarts(word);
  return plainWebLink(word, schemeStarts) ?? linkifyCandidates(word, schemeStarts);
}

/**
 * An `http(s)://` link on an ASCII host that is the whole word, the form most posts hold: linkify-it would answer
 * it with one match from 0 to the end, after a fuzzy scan of the word and a host check that looks ahead over
 * Unicode classes at every character (about a tenth of a convert call's CPU, profiled). Such a word is answered
 * here without them: a host of LDH labels (a subset of the hosts linkify-it takes), no port, then characters of
 * PathRuleBuilder's own path rule to the end, and no other scheme start in the word. Anything else (a port, a
 * Unicode host, a character outside the path rule, a second scheme) is linkify-it's (`linkifyCandidates`); a
 * property test holds both to the same answers.
 */
export function plainWebLink(word: string, schemeStarts: readonly number[]): Candidate[] | null {
  if (schemeStarts.length !== 1 || schemeStarts[0] !== 0 || word.length > PLAIN_WEB_LINK_MAX) return null;
  return PLAIN_WEB_LINK.test(word) ? [{ start: 0, end: word.length, form: 'scheme' }] : null;
}

/** linkify-it's matches plus the scheme starts it missed (see findCandidates). */
export function linkifyCandidates(word: string, schemeStarts: number[]): Candidate[] {
  const linkified = linkify.match(word) ?? [];
  const glued = new GluedSchemes(word, schemeStarts);
  const candidates: Candidate[] = [];
  let nextLinkified = 0;
  let nextScheme = 0;
  let cursor = 0;
  for (;;) {
    while (nextLinkified < linkified.length && linkified[nextLinkified].index < cursor) nextLinkified++;
    while (nextScheme < schemeStarts.length && schemeStarts[nextScheme] < cursor) nextScheme++;
    const match = linkified[nextLinkified];
    const schemeStart = schemeStarts[nextScheme];
    let candidate: Candidate | null;
    if (match && (schemeStart === undefined || match.index <= schemeStart)) {
      nextLinkified++;
      const end = Math.min(match.lastIndex, glued.firstAfter(match.index));
      candidate = { start: match.index, end, form: match.schema !== '' ? 'scheme' : 'none' };
    } else if (schemeStart !== undefined) {
      nextScheme++;
      candidate = matchSchemeAt(word, schemeStart, glued.firstAfter(schemeStart));
      if (!candidate) continue;
    } else {
      break;
    }
    candidates.push(candidate);
    cursor = candidate.end;
  }
  return candidates;
}

/** Scheme starts and protocol-relative starts (`//host`), in order. */
export function findSchemeStarts(word: string): number[] {
  const starts: number[] = [];
  for (const match of word.matchAll(SCHEME_START)) starts.push(match.index);
  if (mayHoldRelativeLink(word)) {
    for (const match of word.matchAll(RELATIVE_START)) starts.push(match.index);
    starts.sort((a, b) => a - b);
  }
  return starts;
}

/** A `//` not right after `:` (a scheme's): the cheap test before RELATIVE_START's Unicode look-behind. */
function mayHoldRelativeLink(word: string): boolean {
  for (let i = word.indexOf('//'); i !== -1; i = word.indexOf('//', i + 2)) {
    if (word[i - 1] !== ':') return true;
  }
  return false;
}

/**
 * linkify-it's match at `start`, looking no further than `limit` (so glued links cost no rescans). A
 * protocol-relative `//host/…` is matched as `https://host/…` (linkify-it's own `//` schema is off: it takes
 * `//` anywhere after a space, comments included).
 */
function matchSchemeAt(word: string, start: number, limit: number): Candidate | null {
  const slice = word.slice(start, Math.min(limit, start + MAX_LINK_LENGTH));
  if (slice.startsWith('//')) {
    const match = linkify.matchAtStart(`https:${slice}`);
    if (!match || match.index !== 0) return null;
    return { start, end: start + match.lastIndex - 'https:'.length, form: 'relative' };
  }
  const match = linkify.matchAtStart(slice);
  return match ? { start: start + match.index, end: start + match.lastIndex, form: 'scheme' } : null;
}

/**
 * Scheme starts glued to what precedes them (`…1.2https://`, `…,https://`, `👉https://`): a link
 * ends there. A scheme after `=`, `/`, `?`, `&` or `#` is part of the current link instead.
 */
class GluedSchemes {
  private readonly starts: number[];
  private next = 0;

  constructor(word: string, schemeStarts: number[]) {
    this.starts = schemeStarts.filter((start) => start > 0 && !EMBEDDED_SCHEME_PRECEDERS.has(word[start - 1]));
  }

  /** The first glued scheme start after `position`; positions must be asked in ascending order. */
  firstAfter(position: number): number {
    while (this.next < this.starts.length && this.starts[this.next] <= position) this.next++;
    return this.starts[this.next] ?? Number.MAX_SAFE_INTEGER;
  }
}

// ---------------------------------------------------------------- trimming a candidate

function refine(text: string, start: number, end: number, form: SchemeForm, options: ExtractOptions): FoundLink | null {
  if (form === 'none') start = skipNonHostPrefix(text, start, end);
  const hostStart = form === 'scheme' ? text.indexOf('://', start) + 3 : form === 'relative' ? start + 2 : start;
  end = cutAtClosingQuote(text, start, end);
  end = cutAtEntity(text, hostStart, end);
  end = cutGluedWord(text, start, hostStart, end, options);
  end = trimTrailingPunctuation(text, start, end);
  end = extendRawSlug(text, start, hostStart, end);
  const url = text.slice(start, end);
  const plausible =
    form === 'scheme' ? SCHEME_WITH_HOST.test(url) : DOTTED_HOST.test(text.slice(hostStart, end)) && text[end] !== '@';
  return plausible ? { url, start, end } : null;
}

/**
 * A raw product slug cut where the link grammar stops (`shopee.tw/【免運】…`, `shopee.vn/Áo-cổ…-i.1.2`): when the
 * link so far is one path segment without product ids, and the run of characters after it goes on to
 * `-i.<shop>.<item>`, the link takes that run, up to its last ids, and the query or fragment right after them.
 */
function extendRawSlug(text: string, start: number, hostStart: number, end: number): number {
  if (end >= text.length || !SLUG_RUN_CHAR.test(text[end])) return end;
  const pathStart = indexOfAny(text, '/?#', hostStart, end);
  if (text[pathStart] !== '/' || indexOfAny(text, '/?#', pathStart + 1, end) !== end) return end;
  if (lastProductIdsEnd(text.slice(pathStart + 1, end)) !== null) return end;
  const limit = Math.min(text.length, start + MAX_LINK_LENGTH);
  let runEnd = end;
  while (runEnd < limit && SLUG_RUN_CHAR.test(text[runEnd])) runEnd++;
  runEnd = cutAtEntity(text, end, runEnd);
  if (runEnd === end) return end;
  // The ids may start inside the link so far (`…-i.1` cut before `.2`): look from the segment's start.
  const idsEnd = lastProductIdsEnd(text.slice(pathStart + 1, runEnd));
  if (idsEnd === null || pathStart + 1 + idsEnd <= end) return end;
  let extended = pathStart + 1 + idsEnd;
  if (text[extended] === '?' || text[extended] === '#') {
    // The query after the ids ends where any link's path would: at a character outside PATH_CHAR or a word break.
    while (extended < limit && PATH_CHAR.test(text[extended]) && !WORD_BREAK.test(text[extended])) extended++;
    extended = cutAtEntity(text, pathStart, cutAtClosingQuote(text, start, extended));
    extended = trimTrailingPunctuation(text, start, extended);
  }
  return extended;
}

/**
 * linkify-it allows symbols in host names, so `Giá™shopee.vn/…` is one fuzzy match: the host
 * starts after its last character that cannot be part of a host name.
 */
function skipNonHostPrefix(text: string, start: number, end: number): number {
  let hostStart = start;
  for (let i = start; i < end && !HOST_END.has(text[i]); i++) {
    if (!HOST_CHAR.test(text[i])) hostStart = i + 1;
  }
  while (hostStart < end && (text[hostStart] === '.' || text[hostStart] === '-')) hostStart++;
  return hostStart;
}

/**
 * An HTML character reference glued to a link (`…&nbsp;`, `…&quot;&gt;Xem`) ends it when the character it stands for
 * would: white space, a quote, `<>`, `…` and the other characters a link never holds raw. `&amp;` (`&#38;`...) and
 * the references of other URL characters are part of the link. Looks at the `&` in [from, end).
 */
function cutAtEntity(text: string, from: number, end: number): number {
  // A loop over the link, not `text.indexOf('&', …)`: that runs on to the end of the text when the link holds no
  // `&`, once per link, so a long post with many links took time in the square of its length.
  for (let i = from; i < end; i++) {
    if (text[i] !== '&') continue;
    ENTITY.lastIndex = i;
    const entity = ENTITY.exec(text)?.[0];
    if (entity === undefined) continue;
    const char = decodeEntity(entity, { level: 'html5' });
    if (char !== entity && (endsLink(char) || (char === '&' && endsLinkEscaped(text, i + entity.length)))) return i;
  }
  return end;
}

/** HTML escaped twice: `&amp;quot;` after a link is the `&quot;` of an escaped anchor, and ends it like one. */
function endsLinkEscaped(text: string, afterAmpersand: number): boolean {
  ENTITY.lastIndex = 0;
  const entity = ENTITY.exec(`&${text.slice(afterAmpersand, afterAmpersand + 40)}`)?.[0];
  if (entity === undefined) return false;
  const char = decodeEntity(entity, { level: 'html5' });
  return char !== entity && endsLink(char);
}

/** Whether a character (a decoded entity) ends a link where it stands. */
function endsLink(char: string): boolean {
  return !PATH_CHAR.test(char) || WORD_BREAK.test(char) || QUOTES.has(char);
}

/**
 * Text glued after a link (`…-i.1.2giá`, `…-i.1.2,giá`, `s.shopee.vn/<code>Đặt`, `…/product/1/2ครับ`): a product
 * path's first segment ends after its last `-i.<shop>.<item>` (anything before it, raw Vietnamese letters included, is
 * the slug); a path whose last segment is a numeric id (`/product/<shop>/<item>`, `/view/product/<id>`, `/p/<id>`:
 * not the first segment) or a page ending in `.html` ends there when non-ASCII text is glued after it (scripts
 * without spaces: Thai, Lao, Khmer, CJK); a short link ends at the first non-ASCII character (or sentence
 * punctuation) of its path.
 */
function cutGluedWord(text: string, start: number, hostStart: number, end: number, options: ExtractOptions): number {
  const path = pathRange(text, hostStart, end);
  if (!path) return end;
  const firstSegmentEnd = indexOfAny(text, '/?#', path.start + 1, path.end);
  const firstSegment = text.slice(path.start + 1, firstSegmentEnd);
  const productEnd = lastProductIdsEnd(firstSegment);
  if (productEnd !== null) return productEnd < firstSegment.length ? path.start + 1 + productEnd : end;
  const idEnd = gluedAfterIdEnd(text, firstSegmentEnd, path.end);
  if (idEnd !== null) return idEnd;
  if (!options.isShortLink) return end;
  const glued = NOT_IN_SHORT_CODE.exec(text.slice(path.start, path.end));
  if (!glued) return end;
  const cut = path.start + glued.index;
  return options.isShortLink(text.slice(start, trimTrailingPunctuation(text, start, cut))) ? cut : end;
}

/**
 * Where a path's id ends when non-ASCII text is glued to its last segment: a segment of digits after the first
 * (`/product/1/2ครับ`), or `.html` (`…-p1.html好`); null otherwise. `firstSegmentEnd` and `pathEnd` bound the path.
 */
function gluedAfterIdEnd(text: string, firstSegmentEnd: number, pathEnd: number): number | null {
  const lastSegmentStart = text.lastIndexOf('/', pathEnd - 1) + 1;
  const lastSegment = text.slice(lastSegmentStart, pathEnd);
  const html = GLUED_AFTER_HTML.exec(lastSegment);
  if (html) return lastSegmentStart + html.index + html[0].length;
  const digits = lastSegmentStart > firstSegmentEnd ? GLUED_AFTER_DIGITS.exec(lastSegment) : null;
  return digits ? lastSegmentStart + digits[0].length : null;
}

/** Where the last `-i.<shop>.<item>` of a path segment ends, or null when it holds none. */
function lastProductIdsEnd(segment: string): number | null {
  let last: number | null = null;
  for (const match of segment.matchAll(PRODUCT_IDS)) last = match.index + match[0].length;
  return last;
}

/** Where the path of a link whose host starts at `hostStart` starts (its first `/`) and ends (before `?`, `#` or `end`). */
function pathRange(text: string, hostStart: number, end: number): { start: number; end: number } | null {
  const hostEnd = indexOfAny(text, '/?#', hostStart, end);
  if (text[hostEnd] !== '/') return null;
  return { start: hostEnd, end: indexOfAny(text, '?#', hostEnd, end) };
}

/** The first index in [from, to) of one of `chars`, or `to`. */
function indexOfAny(text: string, chars: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (chars.includes(text[i])) return i;
  }
  return to;
}

function cutAtClosingQuote(text: string, start: number, end: number): number {
  const quote = text[start - 1];
  if (quote === undefined || !QUOTES.has(quote)) return end;
  for (let i = start; i < end; i++) {
    if (text[i] === quote) return i;
  }
  return end;
}

function trimTrailingPunctuation(text: string, start: number, end: number): number {
  const unbalanced = unbalancedClosers(text.slice(start, end));
  while (end > start) {
    const last = text[end - 1];
    const surplus = unbalanced.get(last) ?? 0;
    if (TRAILING_PUNCTUATION.has(last)) {
      end--;
    } else if (surplus > 0) {
      unbalanced.set(last, surplus - 1);
      end--;
    } else {
      break;
    }
  }
  return end;
}

/** For each closing bracket, how many more closers than openers the link holds. */
function unbalancedClosers(link: string): Map<string, number> {
  const surplus = new Map<string, number>();
  for (const [opener, closer] of BRACKET_PAIRS) {
    surplus.set(closer, countOf(link, closer) - countOf(link, opener));
  }
  return surplus;
}

function countOf(text: string, char: string): number {
  let count = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) count++;
  return count;
}
