import type { LoadTarget } from '../lib/load';

/**
 * What both redirect benchmarks (`npm run bench:redirect` and the `redirect` entry of `npm run bench`) load:
 * the same short host, the same number of codes, the same browser, the same request mix.
 */
export const REDIRECT_HOST = 'sl.bench';
/** Codes in the request mix (each connection cycles through all of them). */
export const REDIRECT_CODES = 200;
/** A browser: its clicks are counted as people's (the counting is part of the work measured). */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0 (bench)';

/** `count` distinct Shopee product links, the originals behind the benchmark's short links. */
export function benchProductLinks(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `https://shopee.vn/product/1000/${i + 1}`);
}

/** `GET /<code>` for every code in turn, on `base` (http://127.0.0.1:port) with Host = the short host: 302s. */
export function redirectTarget(base: string, codes: readonly string[]): LoadTarget {
  return {
    url: base,
    method: 'GET',
    headers: { host: REDIRECT_HOST, 'user-agent': BROWSER_UA },
    paths: codes.map((code) => `/${code}`),
    expectStatus: 302,
  };
}
