import { createServer, type IncomingMessage, type Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  allowLongerRequest,
  applyServerLimits,
  sendCheckInterval,
  type ServerLimits,
  timeoutCheckInterval,
} from './server-limits';

/** Short settings, so the tests take about a second; every bound below is derived from them. */
const LIMITS: ServerLimits = {
  HTTP_HEADERS_TIMEOUT_MS: 300,
  HTTP_REQUEST_TIMEOUT_MS: 900,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 400,
  HTTP_MAX_CONNECTIONS: 3,
  HTTP_SEND_TIMEOUT_MS: 500,
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

describe('applyServerLimits: the send time-out (slow readers)', () => {
  const limits: ServerLimits = { ...LIMITS, HTTP_MAX_CONNECTIONS: 100, HTTP_KEEP_ALIVE_TIMEOUT_MS: 3000 };
  /** Far more than the kernel's socket buffers hold on loopback. */
  const BIG = Buffer.alloc(16 * 1024 * 1024, 'x');
  let server: Server;
  let port: number;
  /** The server's side of each connection, by the client's port: a paused client never sees the close. */
  const serverSides = new Map<number, Socket>();

  beforeAll(async () => {
    server = createServer((req, res) => res.end(req.url === '/big' ? BIG : 'ok'));
    server.on('connection', (socket: Socket) => serverSides.set(socket.remotePort!, socket));
    applyServerLimits(server, limits);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * A client that asks for `path` and reads the answer as `read` says; resolves when the server closes the
   * connection, with how long it was open and how many bytes the client read.
   */
  function client(
    path: string,
    read: 'never' | 'a byte at a time' | 'all',
  ): Promise<{ afterMs: number; bytes: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let bytes = 0;
      let drip: NodeJS.Timeout | undefined;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
        const poll = setInterval(() => {
          const serverSide = serverSides.get(socket.localPort!);
          if (!serverSide) return;
          clearInterval(poll);
          serverSide.once('close', () => {
            clearInterval(drip);
            resolve({ afterMs: Date.now() - started, bytes });
            socket.destroy();
          });
        }, 5);
      });
      socket.on('error', () => undefined);
      if (read === 'all') {
        socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
        return;
      }
      socket.pause();
      if (read === 'a byte at a time') {
        drip = setInterval(() => (bytes += (socket.read(1) as Buffer | null)?.length ?? 0), 5);
      }
    });
  }

  it.each(['never', 'a byte at a time'] as const)(
    'cuts a client that reads %s once its answer has not drained for HTTP_SEND_TIMEOUT_MS',
    async (read) => {
      const ended = await client('/big', read);
      expect(ended.afterMs).toBeGreaterThanOrEqual(limits.HTTP_SEND_TIMEOUT_MS - 20);
      expect(ended.afterMs).toBeLessThan(limits.HTTP_SEND_TIMEOUT_MS + 3 * sendCheckInterval(500) + 1000);
      if (read === 'a byte at a time') expect(ended.bytes).toBeGreaterThan(0);
    },
  );

  it('leaves a client that reads its answer, however large, and an idle one with a small answer', async () => {
    const [whole, idle] = await Promise.all([
      client('/big', 'all'),
      // A small answer drains into the kernel's buffer: the idle connection is the keep-alive time-out's.
      client('/small', 'never'),
    ]);
    // Both closed by the keep-alive time-out, once idle: the whole answer read, the small one left unread.
    expect(whole.bytes).toBeGreaterThan(BIG.length);
    expect(whole.afterMs).toBeGreaterThanOrEqual(limits.HTTP_KEEP_ALIVE_TIMEOUT_MS - 20);
    expect(idle.afterMs).toBeGreaterThanOrEqual(limits.HTTP_KEEP_ALIVE_TIMEOUT_MS - 20);
  });
});

describe('applyServerLimits: longer requests for some routes (streamed uploads)', () => {
  const LONGER = { paths: new Set(['/import']), timeoutMs: 3 * LIMITS.HTTP_REQUEST_TIMEOUT_MS };
  const sweep = timeoutCheckInterval(LIMITS);
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      // As the upload route does once its caller is authenticated (an anonymous one is not granted it).
      if (!req.url?.includes('anonymous')) allowLongerRequest(req);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    applyServerLimits(server, { ...LIMITS, HTTP_MAX_CONNECTIONS: 100 }, LONGER);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const halfSent = (path: string) =>
    sendAndWaitForClose(port, `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nid,amount\r\n`);

  it('gives a listed route its longer time, then cuts it with 408 (a slow-loris upload is not kept)', async () => {
    const [upload, other, anonymous] = await Promise.all([
      halfSent('/import?apply=true'),
      halfSent('/api/convert'),
      halfSent('/import?anonymous=1'),
    ]);
    // Every other route keeps HTTP_REQUEST_TIMEOUT_MS, and so does a listed one its route did not grant more.
    for (const cut of [other, anonymous]) {
      expect(cut.received).toMatch(/^HTTP\/1\.1 408/);
      expect(cut.afterMs).toBeGreaterThanOrEqual(LIMITS.HTTP_REQUEST_TIMEOUT_MS - 20);
      expect(cut.afterMs).toBeLessThan(LIMITS.HTTP_REQUEST_TIMEOUT_MS + 2 * sweep + 500);
    }
    expect(upload.received).toMatch(/^HTTP\/1\.1 408/);
    expect(upload.afterMs).toBeGreaterThanOrEqual(LONGER.timeoutMs - 20);
    expect(upload.afterMs).toBeLessThan(LONGER.timeoutMs + 2 * sweep + 1000);
  });

  it('answers a whole request on any route as before', async () => {
    const ended = await sendAndWaitForClose(
      port,
      'POST /api/convert HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(ended.received).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });

  it('forgets a request once its body is read: a finished call is not kept until the next sweep', async () => {
    // Kept until the sweep, every finished call's request and response (and all they reference) outlived a
    // young-generation collection and cost the garbage collector a copy into the old generation. Here the sweep
    // runs once a second: the request must be collectable well before.
    const slowSweep = { ...LIMITS, HTTP_HEADERS_TIMEOUT_MS: 10_000, HTTP_REQUEST_TIMEOUT_MS: 20_000 };
    expect(timeoutCheckInterval(slowSweep)).toBe(1000);
    let seen: WeakRef<IncomingMessage> | undefined;
    const own = createServer((req, res) => {
      seen = new WeakRef(req);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    applyServerLimits(own, { ...slowSweep, HTTP_MAX_CONNECTIONS: 100 }, { ...LONGER, timeoutMs: 60_000 });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const ended = await sendAndWaitForClose(
        (own.address() as AddressInfo).port,
        'POST /api/convert HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      );
      expect(ended.received).toMatch(/^HTTP\/1\.1 200/);
      await new Promise((resolve) => setImmediate(resolve));
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      expect(seen).toBeDefined();
      expect(seen!.deref()).toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });
});
