import { connect } from 'node:net';
import { ApiProcess } from '../support/api-process';
import { describeIf } from '../support/skip';

const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 2000;
const SEND_TIMEOUT_MS = 1000;
/** The report uploads' longer time-out: granted only once the caller is authenticated. */
const IMPORT_REQUEST_TIMEOUT_MS = 4 * REQUEST_TIMEOUT_MS;

/** Writes `data` on a raw socket and resolves when the server closes it, with what it answered and when. */
function sendAndWaitForClose(port: number, data: string): Promise<{ afterMs: number; received: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ afterMs: Date.now() - started, received }));
  });
}

/**
 * The api as production runs it (`main.ts`, which each cluster worker runs too) applies the server time-outs
 * of its settings (`applyServerLimits`): short ones here, every bound derived from them.
 */
describeIf(Boolean(process.env.DATABASE_URL), 'needs DATABASE_URL (Postgres)')(
  'HTTP server time-outs of the api process',
  () => {
    let api: ApiProcess;

    beforeAll(async () => {
      api = await ApiProcess.start({
        env: {
          DATABASE_URL: process.env.DATABASE_URL,
          HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
          HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
          HTTP_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
          IMPORT_REQUEST_TIMEOUT_MS: String(IMPORT_REQUEST_TIMEOUT_MS),
        },
        readyTimeoutMs: 120_000,
      });
    }, 150_000);
    afterAll(() => api?.dispose());

    it('cuts half-sent headers with 408 after HTTP_HEADERS_TIMEOUT_MS, before HTTP_REQUEST_TIMEOUT_MS', async () => {
      const ended = await sendAndWaitForClose(api.port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      expect(ended.received).toMatch(/^HTTP\/1\.1 408/);
      expect(ended.afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 20);
      expect(ended.afterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    });

    it('cuts a half-sent body with 408 after HTTP_REQUEST_TIMEOUT_MS', async () => {
      const ended = await sendAndWaitForClose(
        api.port,
        'POST /api/convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"content":',
      );
      expect(ended.received).toMatch(/^HTTP\/1\.1 408/);
      expect(ended.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 20);
    });

    it(
      "cuts an anonymous client's slow report upload after HTTP_REQUEST_TIMEOUT_MS, not IMPORT_REQUEST_TIMEOUT_MS",
      async () => {
        const ended = await sendAndWaitForClose(
          api.port,
          'POST /api/conversions/import HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nOrder id,',
        );
        expect(ended.received).toMatch(/^HTTP\/1\.1 401/);
        expect(ended.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 20);
        expect(ended.afterMs).toBeLessThan(IMPORT_REQUEST_TIMEOUT_MS);
      },
      IMPORT_REQUEST_TIMEOUT_MS * 2,
    );

    it('cuts a client that does not read its answers once they have not drained for HTTP_SEND_TIMEOUT_MS', async () => {
      const requests = 20;
      const one = Number(
        (await fetch(`http://127.0.0.1:${api.port}/docs/swagger-ui-bundle.js`)).headers.get('content-length'),
      );
      const ended = await new Promise<{ bytes: number; closed: boolean }>((resolve) => {
        let bytes = 0;
        const socket = connect(api.port, '127.0.0.1', () =>
          socket.write('GET /docs/swagger-ui-bundle.js HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(requests)),
        );
        socket.pause();
        // Reads nothing for three send time-outs, then everything that is left.
        setTimeout(() => socket.resume(), 3 * SEND_TIMEOUT_MS);
        socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
        socket.on('error', () => undefined);
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ bytes, closed: false });
        }, 15_000);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ bytes, closed: true });
        });
      });
      // Cut by the server long before the 20 answers were delivered.
      expect(ended.closed).toBe(true);
      expect(ended.bytes).toBeLessThan(requests * one);
      expect((await fetch(`http://127.0.0.1:${api.port}/health/live`)).status).toBe(200);
    });
  },
);
