import { createServer, Server } from 'node:http';

/**
 * The yardstick: a minimal `node:http` server doing the same work as the redirector at its best, a Host check
 * and a 302 from an in-memory Map with the same headers, and nothing else (no cache layers, no click count).
 */
export function baselineServer(host: string, targets: ReadonlyMap<string, string>): Server {
  return createServer((req, res) => {
    const url = req.url ?? '/';
    const code = url.slice(1);
    const target = (req.headers.host ?? '').split(':')[0] === host ? targets.get(code) : undefined;
    if (!target) {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    res.writeHead(302, {
      Location: target,
      'Cache-Control': 'private, max-age=90',
      'Referrer-Policy': 'no-referrer',
      'Content-Length': '0',
    });
    res.end();
  });
}
