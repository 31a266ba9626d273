import type { ServerResponse } from 'node:http';

/** The same page for every unknown code: it never echoes the code nor says whether a code exists elsewhere. */
const NOT_FOUND_HTML = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>Link not found</title>' +
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1f2937}' +
    'h1{font-size:1.4rem}p{color:#4b5563}</style></head><body><h1>This link does not exist</h1>' +
    '<p>Check that it was copied whole. Short links are case-sensitive.</p></body></html>',
);

const UNAVAILABLE_HTML = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Try again</title></head><body>' +
    '<h1>This link cannot be opened right now</h1><p>Please try again in a moment.</p></body></html>',
);

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function sendPage(
  res: ServerResponse,
  status: number,
  body: Buffer,
  head: boolean,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { ...PAGE_HEADERS, ...extra, 'Content-Length': String(body.length) });
  res.end(head ? undefined : body);
}

export function sendNotFound(res: ServerResponse, head: boolean): void {
  sendPage(res, 404, NOT_FOUND_HTML, head);
}

export function sendUnavailable(res: ServerResponse, head: boolean): void {
  sendPage(res, 503, UNAVAILABLE_HTML, head, { 'Retry-After': '5' });
}

export function sendMethodNotAllowed(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0', 'Cache-Control': 'no-store' });
  res.end();
}
