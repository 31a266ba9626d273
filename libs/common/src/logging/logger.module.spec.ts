import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { AccessLog, redactUrl } from './logger.module';

describe('log redaction', () => {
  it('hides secret query parameters in URLs', () => {
    expect(redactUrl('/api/convert?api_key=sk_abc&x=1&api_token=tok_def')).toBe(
      '/api/convert?api_key=[Redacted]&x=1&api_token=[Redacted]',
    );
  });

  it('never writes API keys, tokens, cookies or secret query values to a log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = new AccessLog('info', sink).middleware;
    const server = createServer((req, res) => {
      logger(req, res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path: '/api/convert?api_token=tok_SECRETQUERY',
          headers: { 'x-api-key': 'sk_SECRETKEY', 'x-api-token': 'tok_SECRETHEADER', cookie: 'sid=SECRETCOOKIE' },
        },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
      req.end();
    });
    server.close();
    const log = lines.join('');
    expect(log).toContain('/api/convert');
    for (const secret of ['SECRETQUERY', 'SECRETKEY', 'SECRETHEADER', 'SECRETCOOKIE']) expect(log).not.toContain(secret);
  });
});
