import { DnsLookup, ResolvedAddress } from '@app/conversion/testing';
import { execFileSync } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createTcpServer, Server as TcpServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the fake marketplace listens: a loopback address the blocked ranges contain, allowed by exception. */
export const FAKE_MARKETPLACE_IP = '127.0.0.2';

/** Host names the fake marketplace's certificate is valid for. */
export const FAKE_MARKETPLACE_HOSTS = [
  's.shopee.vn',
  's.shopee.co.th',
  'vn.shp.ee',
  'shp.ee',
  'sg.shp.ee',
  'my.shp.ee',
  'shope.ee',
  's.lazada.vn',
  'c.lazada.vn',
  'lzd.co',
  'vt.tiktok.com',
  'vm.tiktok.com',
  'www.tiktok.com',
  'ti.ki',
];

export interface TestCertificate {
  key: string;
  cert: string;
}

/** A throw-away self-signed certificate (also its own CA) for `hosts`, made with the openssl CLI. */
export function selfSignedCertificate(hosts: readonly string[] = FAKE_MARKETPLACE_HOSTS): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'fake-marketplace-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=fake-marketplace',
        '-addext',
        `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Handlers for the usual behaviours of a short-link host. */
export const respond = {
  redirect:
    (location: string, status = 302): Handler =>
    (_req, res) => {
      res.writeHead(status, { Location: location, 'Content-Length': '0' }).end();
    },
  html:
    (body: string, status = 200): Handler =>
    (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
    },
  status:
    (status: number): Handler =>
    (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`status ${status}`);
    },
  /** Accepts the request and never answers. */
  hang: (): Handler => () => undefined,
  /** Answers 200 HTML, then one byte every `everyMs` for ever. */
  trickle:
    (everyMs = 50): Handler =>
    (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const timer = setInterval(() => res.write(' '), everyMs);
      const stop = () => clearInterval(timer);
      req.socket.once('close', stop);
      res.once('close', stop);
    },
  /** Answers 200 HTML: `prefix`, then filler for ever, as fast as the client reads. */
  endless:
    (prefix = '<html><body>'): Handler =>
    (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write(prefix);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let open = true;
      const pump = () => {
        while (open && res.write(chunk));
      };
      res.on('drain', pump);
      const stop = () => (open = false);
      req.socket.once('close', stop);
      res.once('close', stop);
      pump();
    },
};

/**
 * A fake marketplace short-link service: one HTTPS server on 127.0.0.2 answering for every
 * `FAKE_MARKETPLACE_HOSTS` name (by `Host`), routes set per test. Records requests and raw connections.
 */
export class FakeMarketplace {
  readonly requests: Array<{ host: string; path: string; userAgent: string | undefined }> = [];
  connections = 0;
  private routes = new Map<string, Handler>();

  private constructor(
    private readonly server: HttpsServer,
    readonly port: number,
  ) {
    server.on('connection', () => this.connections++);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const host = (req.headers.host ?? '').toLowerCase();
      const path = req.url ?? '/';
      this.requests.push({ host, path, userAgent: req.headers['user-agent'] });
      const handler = this.routes.get(`${host}${path}`);
      if (handler) handler(req, res);
      else respond.status(404)(req, res);
    });
  }

  /** Listens on 127.0.0.2 at `port` (0: any free port). */
  static async start(certificate: TestCertificate, port = 0): Promise<FakeMarketplace> {
    const server = createHttpsServer({ key: certificate.key, cert: certificate.cert });
    await listen(server, FAKE_MARKETPLACE_IP, port);
    return new FakeMarketplace(server, (server.address() as { port: number }).port);
  }

  /** `url` like `https://s.shopee.vn/abc?x=1`: answered by `handler` (matched on Host + path and query). */
  route(url: string, handler: Handler): this {
    const parsed = new URL(url);
    this.routes.set(`${parsed.host}${parsed.pathname}${parsed.search}`, handler);
    return this;
  }

  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
    this.connections = 0;
  }

  requestsTo(url: string): number {
    const parsed = new URL(url);
    return this.requests.filter((r) => r.host === parsed.host && r.path === `${parsed.pathname}${parsed.search}`)
      .length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * TCP listeners that only count connections, on the addresses a request must never reach (127.0.0.1, and ::1
 * when the machine has IPv6 loopback), at the port every test connection is sent to.
 */
export class ConnectionRecorder {
  readonly seen: string[] = [];

  private constructor(private readonly servers: TcpServer[]) {}

  static async start(port: number, addresses: readonly string[] = ['127.0.0.1', '::1']): Promise<ConnectionRecorder> {
    const servers: TcpServer[] = [];
    const recorder = new ConnectionRecorder(servers);
    for (const address of addresses) {
      const server = createTcpServer((socket: Socket) => {
        recorder.seen.push(`${address} from ${socket.remoteAddress}`);
        socket.destroy();
      });
      try {
        await listen(server, address, port);
        servers.push(server);
      } catch (error) {
        if (address !== '::1') throw error; // no IPv6 loopback here: nothing can reach it either
      }
    }
    return recorder;
  }

  close(): Promise<void> {
    return Promise.all(
      this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    ).then(() => undefined);
  }
}

/**
 * A fake marketplace and the connection recorder on its port: started together, on another free port when the
 * recorder's addresses have that port taken (a few tries).
 */
export async function startFakeMarketplaceWithRecorder(
  certificate: TestCertificate,
): Promise<{ fake: FakeMarketplace; recorder: ConnectionRecorder }> {
  for (let attempt = 0; ; attempt++) {
    const fake = await FakeMarketplace.start(certificate);
    try {
      return { fake, recorder: await ConnectionRecorder.start(fake.port) };
    } catch (error) {
      await fake.close();
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Every outgoing connection this process attempts while recording: the host undici was asked to connect to, and
 * the address each socket was resolved or connected to (diagnostics channels of undici and node:net).
 */
export class OutgoingConnections {
  readonly hosts: string[] = [];
  readonly addresses: string[] = [];
  private readonly onUndici = (message: unknown) => {
    const params = (message as { connectParams?: { hostname?: string } }).connectParams;
    if (params?.hostname) this.hosts.push(params.hostname);
  };
  /** Plain TCP sockets (net.connect): the address looked up and the address connected to. */
  private readonly onSocket = (message: unknown) => {
    const socket = (message as { socket?: Socket }).socket;
    socket?.on('lookup', (_error: Error | null, address: string) => address && this.addresses.push(address));
    socket?.on('connect', () => socket.remoteAddress && this.addresses.push(socket.remoteAddress));
  };
  /** undici's sockets (TLS ones do not go through net.connect): the address connected to. */
  private readonly onUndiciConnected = (message: unknown) => {
    const socket = (message as { socket?: Socket }).socket;
    if (socket?.remoteAddress) this.addresses.push(socket.remoteAddress);
  };

  start(): this {
    diagnostics.subscribe('undici:client:beforeConnect', this.onUndici);
    diagnostics.subscribe('undici:client:connected', this.onUndiciConnected);
    diagnostics.subscribe('net.client.socket', this.onSocket);
    return this;
  }

  stop(): void {
    diagnostics.unsubscribe('undici:client:beforeConnect', this.onUndici);
    diagnostics.unsubscribe('undici:client:connected', this.onUndiciConnected);
    diagnostics.unsubscribe('net.client.socket', this.onSocket);
  }

  clear(): void {
    this.hosts.length = 0;
    this.addresses.length = 0;
  }
}

/** A DNS edge answering from a table; any other name fails like an unknown host. Records every lookup. */
export class FakeDns extends DnsLookup {
  readonly lookups: string[] = [];

  constructor(private readonly table: Record<string, string[]>) {
    super();
  }

  set(host: string, addresses: string[]): void {
    this.table[host] = addresses;
  }

  /** What `host` resolves to in this table (empty when it does not). */
  addressesOf(host: string): string[] {
    return this.table[host] ?? [];
  }

  override async lookup(hostname: string): Promise<ResolvedAddress[]> {
    this.lookups.push(hostname);
    const addresses = this.table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }
}

/** Every fake host mapped to the fake marketplace. */
export function fakeMarketplaceDns(): FakeDns {
  return new FakeDns(Object.fromEntries(FAKE_MARKETPLACE_HOSTS.map((host) => [host, [FAKE_MARKETPLACE_IP]])));
}

function listen(server: TcpServer | HttpsServer, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
