import type { RequestHandler } from 'express';
import helmet from 'helmet';

type Middleware = (req: never, res: never, next: () => void) => void;

/** The headers a middleware sets on an answer, found by running it once against a stand-in response. */
export function headersSetBy(middleware: Middleware): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => undefined);
  return [...headers];
}

/**
 * The Content-Security-Policy directives changed from helmet's defaults: images may come from any https origin
 * (the product images of the playground's cards are on the marketplaces' CDNs); scripts, styles and everything
 * else stay `'self'`.
 */
const CSP_DIRECTIVES = { imgSrc: ["'self'", 'data:', 'https:'] } as const;

/** helmet's options over HTTPS. */
export const HTTPS_HELMET = { contentSecurityPolicy: { directives: CSP_DIRECTIVES } } as const;

/**
 * helmet's options for an answer over plain HTTP: no `Strict-Transport-Security` and no CSP
 * `upgrade-insecure-requests` (a LAN address reached over http would otherwise have its own assets upgraded to
 * an https that does not answer).
 */
export const PLAIN_HTTP_HELMET = {
  strictTransportSecurity: false,
  contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: null } },
} as const;

/**
 * The paths of the JSON API (`/api/convert`, `/api/analytics`...), in any case as Express routes them: answers that
 * no browser renders.
 */
export const JSON_API_PATHS = /^\/api(?:[/?]|$)/i;

/**
 * The security headers of a JSON API answer, after the OWASP REST Security Cheat Sheet ("Security Headers"): a JSON
 * answer is never rendered, so the page headers that steer what a document may load, open or share (CSP sources,
 * COOP, CORP, Origin-Agent-Cluster, Referrer-Policy...) have nothing to act on; it may not be framed or
 * sniffed as something else, and no source at all may load from it. `Cache-Control: no-store` is the routes' own
 * (and the error envelope's); HSTS is added over HTTPS as for the pages. helmet's eleven headers on every partner
 * call cost about a tenth of a convert call's CPU (docs/benchmarks.md).
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/**
 * The security headers as one Express middleware: helmet's output for the pages and everything else (the same on
 * every answer, it reads nothing from the request) and `API_SECURITY_HEADERS` for the JSON API (`JSON_API_PATHS`),
 * worked out once at start-up for HTTPS and for plain HTTP, then set with a loop instead of a dozen middlewares per
 * request. HSTS and `upgrade-insecure-requests` only over HTTPS: `req.secure`, which follows `X-Forwarded-Proto`
 * only from the proxies `TRUST_PROXY` names.
 */
export function securityHeaders(
  overHttps: Middleware = helmet(HTTPS_HELMET),
  overHttp: Middleware = helmet(PLAIN_HTTP_HELMET),
): RequestHandler {
  const secure = headersSetBy(overHttps);
  const plain = headersSetBy(overHttp);
  const hsts = secure.filter(([name]) => name === 'Strict-Transport-Security');
  const apiSecure = [...API_SECURITY_HEADERS, ...hsts];
  const apiPlain = API_SECURITY_HEADERS;
  return (req, res, next) => {
    const api = JSON_API_PATHS.test(req.url);
    for (const [name, value] of req.secure ? (api ? apiSecure : secure) : api ? apiPlain : plain) {
      res.setHeader(name, value);
    }
    next();
  };
}
