import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { applyServerLimits, type ServerLimits, timeoutCheckInterval } from './server-limits';

/** Short settings, so the tests take about a second; every bound below is derived from them. */
const LIMITS: ServerLimits = {
  HTTP_HEADERS_TIMEOUT_MS: 300,
  HTTP_REQUEST_TIMEOUT_MS: 900,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 400,
  HTTP_MAX_CONNECTIONS: 3,
};

interface Ended {
  afterMs: number;
  received: string;
}

/** Opens a raw socket, writes `data`, and resolves when the server closes it (with what it sent). */
function sendAndWaitForClose(port: number, data: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(data));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ afterMs: Date.now() - started, received }));
  });
}

describe('applyServerLimits (a real listening server, raw sockets)', () => {
  let server: Server;
  let port: number;
  const requestsSeen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requestsSeen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    applyServerLimits(server, LIMITS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sets every limit from the settings', () => {
    expect(server.headersTimeout).toBe(LIMITS.HTTP_HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(LIMITS.HTTP_REQUEST_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBe(LIMITS.HTTP_KEEP_ALIVE_TIMEOUT_MS);
    expect(server.maxConnections).toBe(LIMITS.HTTP_MAX_CONNECTIONS);
    expect(timeoutCheckInterval(LIMITS)).toBeLessThan(LIMITS.HTTP_HEADERS_TIMEOUT_MS);
  });

  it('cuts half-sent headers with 408 once the header time-out is over, before the request time-out', async () => {
    const ended = await sendAndWaitForClose(port, 'GET /slow HTTP/1.1\r\nHost: x\r\nX-Half: ');
    expect(ended.received).toMatch(/^HTTP\/1\.1 408/);
    expect(ended.afterMs).toBeGreaterThanOrEqual(LIMITS.HTTP_HEADERS_TIMEOUT_MS - 20);
    // Cut by the header time-out, not by the (longer) request time-out.
    expect(ended.afterMs).toBeLessThan(LIMITS.HTTP_REQUEST_TIMEOUT_MS);
    expect(requestsSeen).not.toContain('GET /slow');
  });

  it('cuts a half-sent body with 408 once the request time-out is over', async () => {
    const ended = await sendAndWaitForClose(
      port,
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(ended.received).toMatch(/^HTTP\/1\.1 408/);
    expect(ended.afterMs).toBeGreaterThanOrEqual(LIMITS.HTTP_REQUEST_TIMEOUT_MS - 20);
  });

  it('keeps an idle keep-alive connection for the keep-alive time-out, then closes it', async () => {
    const ended = await sendAndWaitForClose(port, 'GET /ka HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(ended.received).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
    expect(ended.afterMs).toBeGreaterThanOrEqual(LIMITS.HTTP_KEEP_ALIVE_TIMEOUT_MS - 20);
  });

  it('closes connections past the cap at once', async () => {
    const open: Socket[] = [];
    try {
      for (let i = 0; i < LIMITS.HTTP_MAX_CONNECTIONS; i++) {
        open.push(
          await new Promise<Socket>((resolve) => {
            const socket = connect(port, '127.0.0.1', () => resolve(socket));
          }),
        );
      }
      // Each is counted once the server has accepted it.
      while ((await new Promise<number>((r) => server.getConnections((_e, n) => r(n)))) < open.length) {
        await new Promise((r) => setImmediate(r));
      }
      const extra = await sendAndWaitForClose(port, 'GET /extra HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(extra.received).toBe('');
      expect(requestsSeen).not.toContain('GET /extra');
    } finally {
      open.forEach((socket) => socket.destroy());
    }
  });
});
