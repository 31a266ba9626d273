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
 * helmet's security headers as one Express middleware: helmet's output (the same on every answer, it reads
 * nothing from the request) worked out once at start-up, then set with a loop instead of a dozen middlewares
 * per request.
 */
export function securityHeaders(middleware: Middleware = helmet()): RequestHandler {
  const headers = headersSetBy(middleware);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
