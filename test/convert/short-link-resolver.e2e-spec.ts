import {
  AddressPolicy,
  Marketplaces,
  ResolverOptions,
  ShortLinkHttpClient,
  ShortLinkResolver,
} from '@app/conversion/testing';
import type { ServerResponse } from 'node:http';
import { AddressInfo, connect, createServer } from 'node:net';
import { domainToASCII } from 'node:url';
import { eventually } from '../support/api-process';
import {
  ConnectionRecorder,
  FAKE_MARKETPLACE_IP,
  FakeDns,
  FakeMarketplace,
  fakeMarketplaceDns,
  OutgoingConnections,
  respond,
  selfSignedCertificate,
  startFakeMarketplaceWithRecorder,
  TestCertificate,
} from '../support/fake-marketplace';

const OPTIONS: ResolverOptions = {
  maxHops: 5,
  connectTimeoutMs: 2000,
  headersTimeoutMs: 500,
  totalTimeoutMs: 2000,
  maxBodyBytes: 64 * 1024,
  concurrency: 4,
  requestBudgetMs: 10_000,
  successTtlMs: 60_000,
  failureTtlMs: 60_000,
  memoryCacheEntries: 10,
  userAgent: 'resolver-test/1.0',
};

/**
 * The resolver against a fake marketplace on 127.0.0.2 (TLS, a certificate for the marketplace host names).
 * DNS is a table mapping those names to 127.0.0.2, which the address policy allows by exception; every other
 * loopback, private, link-local... address stays refused. Listeners on 127.0.0.1 and ::1 at the same port, and the
 * undici/net diagnostics channels, check after every test that nothing else was ever connected to.
 */
describe('ShortLinkResolver against fake marketplace servers', () => {
  let certificate: TestCertificate;
  let fake: FakeMarketplace;
  let recorder: ConnectionRecorder;
  let dns: FakeDns;
  const outgoing = new OutgoingConnections();
  const marketplaces = new Marketplaces();

  const resolverWith = (options: Partial<ResolverOptions> = {}, connectPort?: number) => {
    const merged = { ...OPTIONS, ...options };
    const http = new ShortLinkHttpClient({
      ...merged,
      ca: certificate.cert,
      connectPort: () => connectPort ?? fake.port,
    });
    return new ShortLinkResolver(marketplaces, dns, new AddressPolicy([FAKE_MARKETPLACE_IP]), http, merged);
  };
  const resolve = (shortUrl: string, marketplace: 'shopee' | 'lazada' | 'tiktok' | 'tiki' = 'shopee') =>
    resolverWith().resolve(shortUrl, marketplace);

  beforeAll(async () => {
    certificate = selfSignedCertificate();
    ({ fake, recorder } = await startFakeMarketplaceWithRecorder(certificate));
    outgoing.start();
  });

  beforeEach(() => {
    dns = fakeMarketplaceDns();
    fake.reset();
    outgoing.clear();
  });

  afterEach(() => {
    expect(recorder.seen).toEqual([]);
    expect(outgoing.addresses.filter((address) => address !== FAKE_MARKETPLACE_IP)).toEqual([]);
    const pinnedToFake = (host: string) => dns.addressesOf(host).every((address) => address === FAKE_MARKETPLACE_IP);
    expect(outgoing.hosts.filter((host) => !pinnedToFake(host) || !dns.addressesOf(host).length)).toEqual([]);
  });

  afterAll(async () => {
    outgoing.stop();
    await recorder?.close();
    await fake?.close();
  });

  describe('following', () => {
    it('follows a redirect to the landing page without fetching the landing page', async () => {
      const landing = 'https://shopee.vn/opaanlp/88201679/1793284627?__mobile__=1&uls_trackid=53c0&mmp_pid=an_1';
      fake.route('https://s.shopee.vn/8pZnE3uF0k', respond.redirect(landing));
      expect(await resolve('https://s.shopee.vn/8pZnE3uF0k')).toEqual({ ok: true, landingUrl: landing });
      expect(fake.requests).toEqual([{ host: 's.shopee.vn', path: '/8pZnE3uF0k', userAgent: 'resolver-test/1.0' }]);
      expect(dns.lookups).toEqual(['s.shopee.vn']);
      // The connection checks are live: they saw this one, pinned to the fake marketplace.
      expect(outgoing.hosts).toEqual(['s.shopee.vn']);
      expect(outgoing.addresses).toContain(FAKE_MARKETPLACE_IP);
    });

    it('(sanity) the recording listener does see a connection to 127.0.0.1', async () => {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(fake.port, '127.0.0.1', () => socket.end());
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
      await eventually(() => recorder.seen.length > 0, 5000, 10);
      expect(recorder.seen).toHaveLength(1);
      recorder.seen.length = 0;
      outgoing.clear();
    });

    it('fetches an http short link over https', async () => {
      fake.route('https://s.shopee.vn/up', respond.redirect('https://shopee.vn/Ao-i.1.2', 301));
      expect(await resolve('http://S.SHOPEE.VN./up')).toEqual({ ok: true, landingUrl: 'https://shopee.vn/Ao-i.1.2' });
      expect(fake.requestsTo('https://s.shopee.vn/up')).toBe(1);
    });

    it('follows a chain of short hosts with every redirect status and a relative Location', async () => {
      fake
        .route('https://shope.ee/a', respond.redirect('https://s.shopee.vn/b', 301))
        .route('https://s.shopee.vn/b', respond.redirect('https://VN.SHP.EE./c', 307))
        .route('https://vn.shp.ee/c', respond.redirect('/d', 308))
        .route(
          'https://vn.shp.ee/d',
          respond.redirect('https://shopee.vn/Ao-Hoodie-i.564687320.29261186260?sp_atk=x', 303),
        );
      expect(await resolve('https://shope.ee/a')).toEqual({
        ok: true,
        landingUrl: 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260?sp_atk=x',
      });
      expect(fake.requests.map((r) => `${r.host}${r.path}`)).toEqual([
        'shope.ee/a',
        's.shopee.vn/b',
        'vn.shp.ee/c',
        'vn.shp.ee/d',
      ]);
      expect(dns.lookups).toEqual(['shope.ee', 's.shopee.vn', 'vn.shp.ee', 'vn.shp.ee']);
    });

    it('lands on an an_redir link without fetching it', async () => {
      const anRedir =
        'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=9';
      fake.route('https://s.shopee.vn/aff', respond.redirect(anRedir));
      expect(await resolve('https://s.shopee.vn/aff')).toEqual({ ok: true, landingUrl: anRedir });
      expect(fake.requests).toHaveLength(1);
    });

    it.each([
      [
        'og:url',
        '<meta property="og:url" content="https://shopee.vn/Ao-i.1.2?a=1&amp;b=2">',
        'https://shopee.vn/Ao-i.1.2?a=1&b=2',
      ],
      ['canonical', '<link rel="canonical" href="https://shopee.vn/product/1/2">', 'https://shopee.vn/product/1/2'],
      [
        'meta refresh',
        '<meta http-equiv="refresh" content="0;url=https://shopee.vn/m/sale">',
        'https://shopee.vn/m/sale',
      ],
    ])('reads the %s of a page that answers 200', async (_name, head, landing) => {
      fake.route('https://vn.shp.ee/page', respond.html(`<html><head>${head}</head><body>Shopee</body></html>`));
      expect(await resolve('https://vn.shp.ee/page')).toEqual({ ok: true, landingUrl: landing });
    });

    it("reads Lazada's <link rel=origin> share page", async () => {
      const landing = 'https://www.lazada.vn/products/pdp-i3324491964-s16252561750.html?spm=x';
      fake.route(
        'https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk',
        respond.html(`<html><head><link rel="origin" href="${landing}"></head></html>`),
      );
      expect(await resolve('https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk', 'lazada')).toEqual({
        ok: true,
        landingUrl: landing,
      });
    });

    it('follows an og:url that is another short link, and TikTok and Tiki short links', async () => {
      fake
        .route(
          'https://vt.tiktok.com/ZS9FvVXpLV/',
          respond.html('<meta property="og:url" content="https://www.tiktok.com/t/ZSV/">'),
        )
        .route(
          'https://www.tiktok.com/t/ZSV/',
          respond.redirect('https://shop.tiktok.com/vn/pdp/1731238970187483121?_d=x'),
        )
        .route('https://ti.ki/M39Oj1kb/CAREER-UP', respond.redirect('https://tiki.vn/x-p1.html?spid=2'));
      expect(await resolve('https://vt.tiktok.com/ZS9FvVXpLV/', 'tiktok')).toEqual({
        ok: true,
        landingUrl: 'https://shop.tiktok.com/vn/pdp/1731238970187483121?_d=x',
      });
      expect(await resolve('https://ti.ki/M39Oj1kb/CAREER-UP', 'tiki')).toEqual({
        ok: true,
        landingUrl: 'https://tiki.vn/x-p1.html?spid=2',
      });
    });

    it('makes at most 5 requests: 5 hops resolve, 6 fail', async () => {
      for (let i = 1; i <= 6; i++)
        fake.route(`https://s.shopee.vn/h${i}`, respond.redirect(`https://s.shopee.vn/h${i + 1}`));
      fake.route('https://s.shopee.vn/h5', respond.redirect('https://shopee.vn/product/1/2'));
      expect(await resolve('https://s.shopee.vn/h1')).toEqual({
        ok: true,
        landingUrl: 'https://shopee.vn/product/1/2',
      });
      expect(fake.requests).toHaveLength(5);

      fake.reset();
      for (let i = 1; i <= 7; i++)
        fake.route(`https://s.shopee.vn/h${i}`, respond.redirect(`https://s.shopee.vn/h${i + 1}`));
      expect(await resolve('https://s.shopee.vn/h1')).toEqual({ ok: false, failure: 'too_many_redirects' });
      expect(fake.requests).toHaveLength(5);
    });

    it('detects redirect loops', async () => {
      fake
        .route('https://s.shopee.vn/l1', respond.redirect('https://s.shopee.vn/l2'))
        .route('https://s.shopee.vn/l2', respond.redirect('https://S.SHOPEE.VN/l1'))
        .route('https://s.shopee.vn/self', respond.redirect('/self'));
      expect(await resolve('https://s.shopee.vn/l1')).toEqual({ ok: false, failure: 'redirect_loop' });
      expect(fake.requests).toHaveLength(2);
      expect(await resolve('https://s.shopee.vn/self')).toEqual({ ok: false, failure: 'redirect_loop' });
    });
  });

  describe('refusing', () => {
    it.each([
      ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/x`],
      ['127.0.0.1 over https', () => 'https://127.0.0.1/x'],
      ['decimal 2130706433', (port: number) => `http://2130706433:${port}/`],
      ['hex 0x7f000001', (port: number) => `https://0x7f000001:${port}/`],
      ['short 127.1', (port: number) => `http://127.1:${port}/`],
      ['IPv4-mapped [::ffff:127.0.0.1]', (port: number) => `https://[::ffff:127.0.0.1]:${port}/`],
      ['[::1]', (port: number) => `http://[::1]:${port}/`],
      ['metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
      ['localhost', (port: number) => `http://localhost:${port}/`],
      ['a private address', () => 'http://10.0.0.1/'],
    ])('a redirect to %s, without connecting', async (_name, location) => {
      fake.route('https://s.shopee.vn/ssrf', respond.redirect(location(fake.port)));
      expect(await resolve('https://s.shopee.vn/ssrf')).toEqual({ ok: false, failure: 'redirect_off_marketplace' });
      expect(fake.requests).toHaveLength(1);
      expect(dns.lookups).toEqual(['s.shopee.vn']);
    });

    it.each([
      ['loopback', ['127.0.0.1']],
      ['the metadata service', ['169.254.169.254']],
      ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
      ['IPv6 loopback', ['::1']],
      ['a private address', ['10.0.0.5']],
      ['carrier-grade NAT', ['100.64.0.1']],
      ['unique-local IPv6', ['fd00::1']],
      ['multicast', ['224.0.0.1']],
      ['the unspecified address', ['0.0.0.0']],
      ['an allowed and a loopback address', [FAKE_MARKETPLACE_IP, '127.0.0.1']],
    ])('an allow-listed host that resolves to %s, without connecting', async (_name, addresses) => {
      dns.set('sg.shp.ee', addresses);
      fake.route('https://s.shopee.vn/rebind', respond.redirect('https://sg.shp.ee/x'));
      expect(await resolve('https://s.shopee.vn/rebind')).toEqual({ ok: false, failure: 'blocked_address' });
      expect(fake.requests.map((r) => r.host)).toEqual(['s.shopee.vn']);
      expect(fake.connections).toBe(1);
    });

    it('a short link whose own host resolves to loopback, without connecting', async () => {
      dns.set('s.shopee.co.th', ['127.0.0.1']);
      expect(await resolve('https://s.shopee.co.th/abc')).toEqual({ ok: false, failure: 'blocked_address' });
      expect(fake.connections).toBe(0);
    });

    it('an https to http downgrade, without connecting', async () => {
      fake.route('https://s.shopee.vn/down', respond.redirect('http://vn.shp.ee/x'));
      expect(await resolve('https://s.shopee.vn/down')).toEqual({ ok: false, failure: 'insecure_redirect' });
      expect(fake.connections).toBe(1);
      expect(dns.lookups).toEqual(['s.shopee.vn']);
    });

    it.each([
      ['the marketplace name as a sub-domain', 'https://s.shopee.vn.evil.com/x'],
      ['the marketplace host in the fragment', 'https://evil.com#@s.shopee.vn/x'],
      ['the marketplace host as userinfo', 'https://s.shopee.vn@evil.com/x'],
      ['a backslash', 'https://evil.com\\@s.shopee.vn/x'],
      ['a Cyrillic look-alike host (punycode)', `https://${domainToASCII('s.sh\u043epee.vn')}/x`],
      ['a look-alike landing page', 'https://shopee.vn.evil.com/Ao-i.1.2'],
      ['the marketplace in the query', 'https://evil.com/?u=https://s.shopee.vn/x'],
      ['a scheme-relative URL', '//evil.com/x'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['an ftp: URL', 'ftp://s.shopee.vn/x'],
      ['a file: URL', 'file:///etc/passwd'],
      ['another marketplace', 'https://www.lazada.vn/products/x-i1-s2.html'],
    ])('a redirect to %s', async (_name, location) => {
      fake.route('https://s.shopee.vn/confused', respond.redirect(location));
      expect(await resolve('https://s.shopee.vn/confused')).toEqual({ ok: false, failure: 'redirect_off_marketplace' });
      expect(dns.lookups).toEqual(['s.shopee.vn']);
      expect(fake.requests).toHaveLength(1);
    });

    it('an og:url off the marketplace', async () => {
      fake.route(
        'https://vn.shp.ee/og-evil',
        respond.html('<meta property="og:url" content="http://169.254.169.254/">'),
      );
      expect(await resolve('https://vn.shp.ee/og-evil')).toEqual({ ok: false, failure: 'redirect_off_marketplace' });
    });

    it('a short link or redirect with a port, without connecting', async () => {
      expect(await resolve('https://s.shopee.vn:8443/x')).toEqual({ ok: false, failure: 'not_allowed' });
      fake.route('https://s.shopee.vn/port', respond.redirect('https://vn.shp.ee:8443/x'));
      expect(await resolve('https://s.shopee.vn/port')).toEqual({ ok: false, failure: 'not_allowed' });
      expect(fake.requests).toHaveLength(1);
    });

    it('a link that is not a short link of that marketplace', async () => {
      expect(await resolve('https://shopee.vn/product/1/2')).toEqual({ ok: false, failure: 'not_allowed' });
      expect(await resolve('https://s.lazada.vn/s.abc', 'shopee')).toEqual({ ok: false, failure: 'not_allowed' });
      expect(await resolve('not a url')).toEqual({ ok: false, failure: 'not_allowed' });
      expect(fake.connections).toBe(0);
    });

    it('a certificate that is not valid for the host, although the address is allowed', async () => {
      dns.set('th.shp.ee', [FAKE_MARKETPLACE_IP]);
      fake.route('https://s.shopee.vn/tls', respond.redirect('https://th.shp.ee/x'));
      expect(await resolve('https://s.shopee.vn/tls')).toEqual({ ok: false, failure: 'connection_failed' });
      expect(fake.requests).toHaveLength(1);
    });
  });

  describe('failing safely', () => {
    it.each([
      ['404', respond.status(404), 'http_status'],
      ['500', respond.status(500), 'http_status'],
      ['a redirect without Location', (_req: unknown, res: ServerResponse) => res.writeHead(302).end(), 'no_target'],
      ['a page without og:url or canonical', respond.html('<html><body>Shopee</body></html>'), 'no_target'],
      [
        'a JSON page (body not read)',
        (_req: unknown, res: ServerResponse) =>
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"url":"https://shopee.vn/product/1/2"}'),
        'no_target',
      ],
    ] as const)('%s', async (_name, handler, failure) => {
      fake.route('https://s.shopee.vn/fail', handler);
      expect(await resolve('https://s.shopee.vn/fail')).toEqual({ ok: false, failure });
    });

    it('a host that does not resolve', async () => {
      dns = new FakeDns({});
      expect(await resolve('https://ti.ki/abc', 'tiki')).toEqual({ ok: false, failure: 'dns_failed' });
    });

    it('a refused connection', async () => {
      const closedPort = await unusedPort();
      const resolver = resolverWith({}, closedPort);
      expect(await resolver.resolve('https://s.shopee.vn/x', 'shopee')).toEqual({
        ok: false,
        failure: 'connection_failed',
      });
    });

    it('a server that never answers: the header time-out', async () => {
      fake.route('https://s.shopee.vn/hang', respond.hang());
      const started = Date.now();
      expect(await resolve('https://s.shopee.vn/hang')).toEqual({ ok: false, failure: 'timeout' });
      expect(Date.now() - started).toBeLessThan(1900);
    });

    it('a body that trickles for ever: the total time-out', async () => {
      fake.route('https://s.shopee.vn/trickle', respond.trickle(50));
      const started = Date.now();
      expect(await resolve('https://s.shopee.vn/trickle')).toEqual({ ok: false, failure: 'timeout' });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(4000);
    });

    it('a redirect chain slower than the total time-out', async () => {
      const slow = (location: string) => (_req: unknown, res: ServerResponse) => {
        setTimeout(() => res.writeHead(302, { Location: location }).end(), 250);
      };
      for (let i = 1; i <= 4; i++) fake.route(`https://s.shopee.vn/s${i}`, slow(`https://s.shopee.vn/s${i + 1}`));
      fake.route('https://s.shopee.vn/s5', slow('https://shopee.vn/product/1/2'));
      expect(await resolverWith({ totalTimeoutMs: 800 }).resolve('https://s.shopee.vn/s1', 'shopee')).toEqual({
        ok: false,
        failure: 'timeout',
      });
    });

    it('an endless body: read up to the cap, then dropped', async () => {
      fake.route('https://s.shopee.vn/endless', respond.endless());
      fake.route(
        'https://s.shopee.vn/endless-og',
        respond.endless('<html><head><meta property="og:url" content="https://shopee.vn/product/7/8"></head><body>'),
      );
      const started = Date.now();
      expect(await resolve('https://s.shopee.vn/endless')).toEqual({ ok: false, failure: 'no_target' });
      expect(await resolve('https://s.shopee.vn/endless-og')).toEqual({
        ok: true,
        landingUrl: 'https://shopee.vn/product/7/8',
      });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('reads og:url within the first 64 KB only', async () => {
      const page = (filler: number) =>
        respond.html(
          `<html><body>${'x'.repeat(filler)}<meta property="og:url" content="https://shopee.vn/product/1/2"></body>`,
        );
      fake.route('https://s.shopee.vn/near', page(60 * 1024)).route('https://s.shopee.vn/far', page(70 * 1024));
      expect(await resolve('https://s.shopee.vn/near')).toEqual({
        ok: true,
        landingUrl: 'https://shopee.vn/product/1/2',
      });
      expect(await resolve('https://s.shopee.vn/far')).toEqual({ ok: false, failure: 'no_target' });
    });
  });
});

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, FAKE_MARKETPLACE_IP, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
