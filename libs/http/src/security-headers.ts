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
 * helmet's security headers as one Express middleware: helmet's output (the same on every answer, it reads
 * nothing from the request) worked out once at start-up for HTTPS and for plain HTTP, then set with a loop
 * instead of a dozen middlewares per request. HSTS and `upgrade-insecure-requests` only over HTTPS: `req.secure`,
 * which follows `X-Forwarded-Proto` only from the proxies `TRUST_PROXY` names.
 */
export function securityHeaders(
  overHttps: Middleware = helmet(HTTPS_HELMET),
  overHttp: Middleware = helmet(PLAIN_HTTP_HELMET),
): RequestHandler {
  const secure = headersSetBy(overHttps);
  const plain = headersSetBy(overHttp);
  return (req, res, next) => {
    for (const [name, value] of req.secure ? secure : plain) res.setHeader(name, value);
    next();
  };
}
