/**
 * A short link's target in the redirector's in-process cache, packed: the URL fragments that nearly every
 * marketplace target repeats (the affiliate redirectors, the product paths, the percent-encoded origin link,
 * the tracking parameters) are each stored as one control character. An affiliate target of about 136
 * characters packs to about 45, which is most of what a cached code costs (see docs/benchmarks.md).
 *
 * A URL never holds a raw control character (the URL parser percent-encodes them), so the codes cannot clash
 * with a target's own text; a target that holds one anyway is stored as it is behind a `\u0000` marker. Packing
 * runs on a cache miss only; unpacking on every hit is one pass over the packed characters.
 */

/**
 * The fragments, at most 31 (codes U+0001 to U+001F), the longer and more specific first: at each position the
 * first one that matches wins.
 */
export const TARGET_FRAGMENTS: readonly string[] = [
  'https://s.shopee.vn/an_redir?origin_link=',
  'https://shope.ee/an_redir?origin_link=',
  'https%3A%2F%2Fshopee.vn%2Fproduct%2F',
  'https%3A%2F%2Fshopee.vn%2F',
  'https%3A%2F%2Fwww.lazada.vn%2Fproducts%2F',
  'https%3A%2F%2Ftiki.vn%2F',
  'https%3A%2F%2F',
  'https://shopee.vn/universal-link/product/',
  'https://shopee.vn/product/',
  'https://shopee.vn/',
  'https://s.shopee.vn/',
  'https://c.lazada.vn/t/c.',
  'https://www.lazada.vn/products/',
  'https://s.lazada.vn/s.',
  'https://shop.tiktok.com/view/product/',
  'https://shop.tiktok.com/vn/pdp/',
  'https://www.tiktok.com/view/product/',
  'https://vt.tiktok.com/',
  'https://tiki.vn/',
  'https://ti.ki/',
  '?TIKI_URI=',
  '&utm_term=TAPO.TIKI',
  '&affiliate_id=',
  '&sub_id=',
  'utm_source=',
  '&utm_medium=affiliates',
  '&utm_campaign=',
  '&utm_content=',
  'uls_trackid=',
  '.html',
  'https://',
];

const RAW = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FRAGMENT_PATTERN = new RegExp(TARGET_FRAGMENTS.map(escape).join('|'), 'g');
const CODE_OF = new Map(TARGET_FRAGMENTS.map((fragment, i) => [fragment, String.fromCharCode(i + 1)]));
const CONTROL = /[\u0000-\u001f]/;

/** The packed form of a target (its fragments replaced by their codes). */
export function packTarget(target: string): string {
  if (CONTROL.test(target)) return RAW + target;
  return target.replace(FRAGMENT_PATTERN, (fragment) => CODE_OF.get(fragment)!);
}

/** The target again (a loop over the characters: about twice as fast as a replace with a callback). */
export function unpackTarget(packed: string): string {
  if (packed.charCodeAt(0) === 0) return packed.slice(1);
  let target = '';
  let from = 0;
  for (let i = 0; i < packed.length; i++) {
    const code = packed.charCodeAt(i);
    if (code < 32) {
      target += packed.slice(from, i) + TARGET_FRAGMENTS[code - 1];
      from = i + 1;
    }
  }
  return from === 0 ? packed : target + packed.slice(from);
}
