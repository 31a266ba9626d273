import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';

/**
 * The yardstick: a minimal `node:http` server doing the same work as the redirector at its best, a Host check
 * and a 302 from an in-memory Map with the same headers, and nothing else (no cache layers, no click count).
 * `GET /health` answers 200 (as the redirector's does), so it can be started and awaited as a process.
 */
export function baselineServer(host: string, targets: ReadonlyMap<string, string>): Server {
  return createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/health') {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' });
      res.end('ok');
      return;
    }
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

/**
 * As a separate process (the `redirect` entry of `npm run bench`): PORT, REDIRECT_HOST, and REDIRECT_TARGETS_FILE
 * (a JSON object code → target, or for many codes a `.tsv` file: one `code<TAB>target` a line).
 */
if (require.main === module) {
  const file = process.env.REDIRECT_TARGETS_FILE!;
  const text = readFileSync(file, 'utf8');
  const targets = file.endsWith('.tsv')
    ? new Map(text.split('\n').map((line) => line.split('\t', 2) as [string, string]))
    : new Map(Object.entries(JSON.parse(text) as Record<string, string>));
  const server = baselineServer(process.env.REDIRECT_HOST!, targets);
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), '127.0.0.1', () => {
    process.stdout.write(`redirect baseline listening on ${process.env.PORT} (${targets.size} codes)\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
