import { CustomDomain } from '@app/shortlinks/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

/**
 * HTTPS for custom domains through Caddy's on-demand TLS (the Caddyfile of docs/operations.md): Debian's
 * `caddy` with its internal CA, asking GET /internal/tls/allowed before each certificate. A verified member
 * domain gets a certificate and its short link redirects over HTTPS; an unverified one gets no certificate.
 * Everything Caddy writes stays in a temporary folder. In CI a missing caddy fails the test (.ci/run installs it).
 */
const CADDY = process.env.CADDY_PATH || '/usr/bin/caddy';
const haveCaddy = existsSync(CADDY);
const inCi = Boolean(process.env.CI);
const VERIFIED = 'go.example.com';
const UNVERIFIED = 'unverified.example.org';
const AFFILIATE_ID = '17345510000';
const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321';

if (!haveCaddy && !inCi) {
  process.stdout.write(
    `Skipping "HTTPS for custom domains through Caddy": no caddy at ${CADDY} (apt-get install caddy)\n`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A TLS handshake with `servername` on 127.0.0.1:port; resolves to the certificate's subject alt names. */
function handshake(port: number, servername: string, ca?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca, rejectUnauthorized: ca !== undefined });
    socket.setTimeout(10_000, () => socket.destroy(new Error('handshake timed out')));
    socket.once('secureConnect', () => {
      const names = socket.getPeerCertificate().subjectaltname ?? '';
      socket.end();
      resolve(names);
    });
    socket.once('error', reject);
  });
}

function httpsGet(
  port: number,
  host: string,
  path: string,
  ca: Buffer,
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, servername: host, headers: { Host: host }, ca, method: 'GET' },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
    req.once('error', reject);
    req.end();
  });
}

(haveCaddy || inCi ? describe : describe.skip)('HTTPS for custom domains through Caddy (on-demand TLS)', () => {
  let t: TestApp;
  let caddy: ChildProcess | undefined;
  let dir: string;
  let httpsPort: number;
  let member: TestMember;
  const caddyLog: string[] = [];

  beforeAll(async () => {
    if (!haveCaddy) throw new Error(`CI must provide caddy at ${CADDY} (.ci/run installs it with apt-get)`);
    t = await createTestApp({ SHORT_LINK_BASE_URL: 'https://sl.test', TRUST_PROXY: '127.0.0.1' });
    await t.app.listen(0, '127.0.0.1');
    const apiPort = (t.app.getHttpServer().address() as AddressInfo).port;
    member = await t.createMember({ plan: 'pro' });
    await t.dataSource.getRepository(CustomDomain).save([
      {
        memberId: member.member.id,
        domain: VERIFIED,
        token: 'a'.repeat(32),
        status: 'verified',
        verifiedAt: new Date(),
      },
      { memberId: member.member.id, domain: UNVERIFIED, token: 'b'.repeat(32), status: 'pending' },
    ]);

    dir = mkdtempSync(join(tmpdir(), 'linkconv-caddy-'));
    httpsPort = await freePort();
    const httpPort = await freePort();
    // The docs' Caddyfile, on free loopback ports, with Caddy's internal CA and its files in `dir`.
    writeFileSync(
      join(dir, 'Caddyfile'),
      `{
	admin off
	local_certs
	skip_install_trust
	storage file_system ${join(dir, 'data')}
	http_port ${httpPort}
	https_port ${httpsPort}
	on_demand_tls {
		ask http://127.0.0.1:${apiPort}/internal/tls/allowed
	}
}

https:// {
	bind 127.0.0.1
	tls {
		on_demand
	}
	reverse_proxy 127.0.0.1:${apiPort}
}
`,
    );
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'xdg-data'),
      XDG_CONFIG_HOME: join(dir, 'xdg-config'),
    };
    caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { env, cwd: dir });
    caddy.stdout?.on('data', (chunk) => caddyLog.push(String(chunk)));
    caddy.stderr?.on('data', (chunk) => caddyLog.push(String(chunk)));
    await waitFor('caddy to listen', async () => {
      await new Promise<void>((resolve, reject) => {
        const socket = connect({
          host: '127.0.0.1',
          port: httpsPort,
          servername: 'probe.invalid',
          rejectUnauthorized: false,
        });
        socket.once('secureConnect', () => (socket.end(), resolve()));
        socket.once('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ECONNREFUSED' ? reject(error) : resolve(),
        );
      });
      return true;
    });
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy!.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('a verified domain gets a certificate from the internal CA and its short link redirects over HTTPS', async () => {
    const converted = await t.convert(member, {
      content: PRODUCT,
      mode: 'custom_domain_shortener',
      affiliate_id: AFFILIATE_ID,
    });
    expect(converted.status).toBe(200);
    const url = new URL(converted.body.items[0].output as string);
    expect(url.host).toBe(VERIFIED);

    // The first handshake makes Caddy ask the api and issue the certificate (and create its CA).
    const names = await waitFor('a certificate for the verified domain', () => handshake(httpsPort, VERIFIED));
    expect(names).toContain(`DNS:${VERIFIED}`);
    const rootPath = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
    const root = readFileSync(rootPath);
    // Trusting only Caddy's root: the chain verifies, and the short link answers its 302.
    await expect(handshake(httpsPort, VERIFIED, root)).resolves.toContain(`DNS:${VERIFIED}`);
    const redirect = await httpsGet(httpsPort, VERIFIED, url.pathname, root);
    expect(redirect.status).toBe(302);
    expect(redirect.location).toContain('origin_link=');
    expect(redirect.location).toContain(
      encodeURIComponent('https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321'),
    );
  });

  it('an unverified domain (and an unknown one) gets no certificate: the handshake fails', async () => {
    await expect(handshake(httpsPort, UNVERIFIED)).rejects.toThrow();
    await expect(handshake(httpsPort, 'nobody.example.net')).rejects.toThrow();
    expect(caddyLog.join('')).not.toMatch(/panic/);
  });
});
