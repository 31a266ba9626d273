import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { AccessLog, redactUrl, stdoutLogDestination } from './logger.module';

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
    for (const secret of ['SECRETQUERY', 'SECRETKEY', 'SECRETHEADER', 'SECRETCOOKIE'])
      expect(log).not.toContain(secret);
  });
});

describe('log format (LOG_FORMAT, or pretty on a terminal)', () => {
  const fakeStdout = (isTTY: boolean) => {
    const lines: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
      { isTTY },
    );
    return { stream, lines };
  };

  it('writes JSON lines unless asked for pretty ones or on a terminal', () => {
    expect(stdoutLogDestination(undefined, fakeStdout(false).stream)).toBeUndefined();
    expect(stdoutLogDestination('json', fakeStdout(true).stream)).toBeUndefined();
    expect(stdoutLogDestination(undefined, fakeStdout(true).stream)).toBeDefined();
  });

  it('writes readable lines with LOG_FORMAT=pretty, secrets still redacted', async () => {
    const { stream, lines } = fakeStdout(false);
    const log = new AccessLog('info', stdoutLogDestination('pretty', stream));
    log.root.info({ memberId: 'm-1', body: { password: 'hunter2-secret' } }, 'Member changed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = lines.join('');
    expect(text).toMatch(/INFO.*Member changed/);
    expect(text).toContain('memberId: "m-1"');
    expect(text).not.toContain('hunter2-secret');
    expect(() => JSON.parse(text)).toThrow();
  });
});
