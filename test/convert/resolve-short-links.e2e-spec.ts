import { conversionConfig } from '@app/conversion';
import { AddressPolicy, DnsLookup, ShortLinkHttpClient } from '@app/conversion/testing';
import {
  ConnectionRecorder,
  FAKE_MARKETPLACE_IP,
  FakeMarketplace,
  fakeMarketplaceDns,
  OutgoingConnections,
  respond,
  selfSignedCertificate,
  startFakeMarketplaceWithRecorder,
} from '../support/fake-marketplace';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const AFFILIATE_ID = '17345510000';
const enc = encodeURIComponent;

/**
 * POST /api/convert with short links, resolved through a fake marketplace on 127.0.0.2: the real app and
 * database, with only the resolver's edges (DNS, the address-policy exception for 127.0.0.2, the HTTP client's
 * CA and port) pointed at the fake.
 */
describe('POST /api/convert resolves short links', () => {
  let t: TestApp;
  let alice: TestMember;
  let fake: FakeMarketplace;
  let recorder: ConnectionRecorder;
  const outgoing = new OutgoingConnections();
  const dns = fakeMarketplaceDns();

  beforeAll(async () => {
    const certificate = selfSignedCertificate();
    ({ fake, recorder } = await startFakeMarketplaceWithRecorder(certificate));
    t = await createTestApp({ LINK_RESOLVER_TOTAL_TIMEOUT_MS: '3000' });
    alice = await t.createMember();

    const testPolicy = new AddressPolicy([FAKE_MARKETPLACE_IP]);
    const testHttp = new ShortLinkHttpClient({
      connectTimeoutMs: 2000,
      headersTimeoutMs: 1000,
      maxBodyBytes: 64 * 1024,
      userAgent: 'e2e',
      ca: certificate.cert,
      connectPort: () => fake.port,
    });
    jest.spyOn(t.app.get(DnsLookup), 'lookup').mockImplementation((host) => dns.lookup(host));
    jest.spyOn(t.app.get(AddressPolicy), 'check').mockImplementation((address) => testPolicy.check(address));
    jest.spyOn(t.app.get(ShortLinkHttpClient), 'fetch').mockImplementation((hop) => testHttp.fetch(hop));
    outgoing.start();
  });

  beforeEach(() => {
    fake.reset();
    outgoing.clear();
    fake
      .route('https://s.shopee.vn/8pZnE3uF0k', respond.redirect('https://shope.ee/next'))
      .route(
        'https://shope.ee/next',
        respond.redirect(
          'https://shopee.vn/opaanlp/88201679/1793284627?__mobile__=1&uls_trackid=53c0&utm_source=an_17322940169&mmp_pid=an_1',
        ),
      )
      .route(
        'https://vn.shp.ee/r1MhnNPY',
        respond.redirect('https://shopee.vn/Ao-Hoodie-i.564687320.29261186260?sp_atk=x'),
      )
      .route(
        'https://s.lazada.vn/s.ljrQD',
        respond.html(
          '<link rel="origin" href="https://www.lazada.vn/products/pdp-i3324491964-s16252561750.html?spm=a">',
        ),
      )
      .route(
        'https://vt.tiktok.com/ZSvideo/',
        respond.redirect('https://www.tiktok.com/@shop/video/7300000000000000001'),
      )
      .route(
        'https://ti.ki/M39Oj1kb/CAREER-UP',
        respond.redirect('https://tiki.vn/career-up-p1234567.html?spid=7&src=x'),
      )
      .route('https://s.shopee.vn/Evil', respond.redirect('http://169.254.169.254/latest/meta-data/'))
      .route('https://s.shopee.vn/Slow', respond.hang());
  });

  afterEach(() => {
    expect(recorder.seen).toEqual([]);
    expect(
      outgoing.hosts.filter((host) => host !== '127.0.0.1' && dns.addressesOf(host)[0] !== FAKE_MARKETPLACE_IP),
    ).toEqual([]);
  });

  afterAll(async () => {
    outgoing.stop();
    await t?.close();
    await recorder?.close();
    await fake?.close();
  });

  const convert = (body: Record<string, unknown>) => t.convert(alice, body);

  it('converts short links of every marketplace to the pages they lead to, and fails the others per item', async () => {
    const content = [
      'Áo: https://s.shopee.vn/8pZnE3uF0k 🔥',
      'Hoodie:vn.shp.ee/r1MhnNPY!',
      'Lazada (https://s.lazada.vn/s.ljrQD)',
      'TikTok https://vt.tiktok.com/ZSvideo/',
      'Tiki https://ti.ki/M39Oj1kb/CAREER-UP',
      'Lạ https://s.shopee.vn/Evil và chậm https://s.shopee.vn/Slow',
      'Lại áo: https://s.shopee.vn/8pZnE3uF0k',
    ].join('\n');
    const res = await convert({ content, mode: 'link_goc' });
    expect(res.status).toBe(200);
    expect(
      res.body.items.map(
        (item: { input: string; marketplace: string; ok: boolean; output: string; error?: { code: string } }) => [
          item.input,
          item.marketplace,
          item.ok ? item.output : item.error!.code,
        ],
      ),
    ).toEqual([
      ['https://s.shopee.vn/8pZnE3uF0k', 'shopee', 'https://shopee.vn/product/88201679/1793284627'],
      ['vn.shp.ee/r1MhnNPY', 'shopee', 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260'],
      ['https://s.lazada.vn/s.ljrQD', 'lazada', 'https://www.lazada.vn/products/pdp-i3324491964-s16252561750.html'],
      ['https://vt.tiktok.com/ZSvideo/', 'tiktok', 'not_a_product'],
      ['https://ti.ki/M39Oj1kb/CAREER-UP', 'tiki', 'https://tiki.vn/career-up-p1234567.html?spid=7'],
      ['https://s.shopee.vn/Evil', 'shopee', 'resolution_failed'],
      ['https://s.shopee.vn/Slow', 'shopee', 'resolution_failed'],
      ['https://s.shopee.vn/8pZnE3uF0k', 'shopee', 'https://shopee.vn/product/88201679/1793284627'],
    ]);
    expect(res.body.summary).toEqual({ total: 8, success: 5, failed: 3 });
    expect(res.body.output).toContain('Lạ https://s.shopee.vn/Evil và chậm https://s.shopee.vn/Slow');
    expect(res.body.output).toContain('Hoodie:https://shopee.vn/Ao-Hoodie-i.564687320.29261186260!');
    // The same short link twice: fetched once.
    expect(fake.requestsTo('https://s.shopee.vn/8pZnE3uF0k')).toBe(1);

    const rows: Array<{ short_url: string; resolved_url: string | null; failure: string | null }> =
      await t.dataSource.query('SELECT short_url, resolved_url, failure FROM resolved_links ORDER BY short_url');
    expect(rows).toEqual([
      {
        short_url: 'https://s.lazada.vn/s.ljrQD',
        resolved_url: expect.stringContaining('lazada.vn/products/'),
        failure: null,
      },
      {
        short_url: 'https://s.shopee.vn/8pZnE3uF0k',
        resolved_url: expect.stringContaining('/opaanlp/'),
        failure: null,
      },
      { short_url: 'https://s.shopee.vn/Evil', resolved_url: null, failure: 'redirect_off_marketplace' },
      { short_url: 'https://s.shopee.vn/Slow', resolved_url: null, failure: 'timeout' },
      {
        short_url: 'https://ti.ki/M39Oj1kb/CAREER-UP',
        resolved_url: expect.stringContaining('tiki.vn'),
        failure: null,
      },
      { short_url: 'https://vn.shp.ee/r1MhnNPY', resolved_url: expect.stringContaining('Ao-Hoodie'), failure: null },
      { short_url: 'https://vt.tiktok.com/ZSvideo/', resolved_url: expect.stringContaining('/video/'), failure: null },
    ]);
  });

  it('reads foreign affiliate links in HTML hrefs past &amp; without fetching them; fetches a short link decoded', async () => {
    fake.route(
      'https://s.lazada.vn/s.ljrQD?c=d&t=p-x',
      respond.redirect('https://www.lazada.vn/products/x-i7-s8.html'),
    );
    const master =
      'https://c.lazada.vn/t/c.abc?sub_aff_id=x&amp;url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fx-i1-s2.html';
    const tap = `https://ti.ki/Pub/CAMP?utm_term=TAPO.TIKI&#38;TIKI_URI=${enc('https://tiki.vn/x-p1.html?spid=5')}`;
    const anRedir = `https://s.shopee.vn/an_redir?affiliate_id=1&#x26;origin_link=${enc('https://shopee.vn/Ao-i.1.2')}`;
    const share = 'https://s.lazada.vn/s.ljrQD?c=d&amp;t=p-x';
    const content = [master, tap, anRedir, share].map((link) => `<a href="${link}">x</a>`).join('\n');
    const res = await convert({ content, mode: 'link_goc' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { input: string; output: string }) => [item.input, item.output])).toEqual([
      [master, 'https://www.lazada.vn/products/x-i1-s2.html'],
      [tap, 'https://tiki.vn/x-p1.html?spid=5'],
      [anRedir, 'https://shopee.vn/Ao-i.1.2'],
      [share, 'https://www.lazada.vn/products/x-i7-s8.html'],
    ]);
    expect(fake.requests.map((request) => `${request.host}${request.path}`)).toEqual(['s.lazada.vn/s.ljrQD?c=d&t=p-x']);
    expect(res.body.output).toBe(
      [
        'https://www.lazada.vn/products/x-i1-s2.html',
        'https://tiki.vn/x-p1.html?spid=5',
        'https://shopee.vn/Ao-i.1.2',
        'https://www.lazada.vn/products/x-i7-s8.html',
      ]
        .map((link) => `<a href="${link}">x</a>`)
        .join('\n'),
    );
  });

  it('resolves a short link glued to a Vietnamese word and keeps the word', async () => {
    fake.route('https://s.shopee.vn/Gl7Code', respond.redirect('https://shopee.vn/product/11/22?smtt=1'));
    const res = await convert({ content: 'Mua https://s.shopee.vn/Gl7CodeĐặt ngay', mode: 'link_goc' });
    expect(res.body.items[0]).toMatchObject({ input: 'https://s.shopee.vn/Gl7Code', ok: true });
    expect(res.body.output).toBe('Mua https://shopee.vn/product/11/22Đặt ngay');
    expect(fake.requests.map((request) => `${request.host}${request.path}`)).toEqual(['s.shopee.vn/Gl7Code']);
  });

  it('reuses the resolutions: a second request fetches nothing, in affiliate mode too', async () => {
    const content = 'https://s.shopee.vn/8pZnE3uF0k https://s.lazada.vn/s.ljrQD https://s.shopee.vn/Slow';
    await convert({ content, mode: 'link_goc' });
    fake.reset();
    const res = await convert({ content, mode: 'affiliate', affiliate_id: AFFILIATE_ID, sub_ids: ['fb'] });
    expect(res.status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect(
      res.body.items.map((item: { ok: boolean; output: string; error?: { code: string } }) =>
        item.ok ? item.output : item.error!.code,
      ),
    ).toEqual([
      `https://s.shopee.vn/an_redir?origin_link=${enc('https://shopee.vn/product/88201679/1793284627')}&affiliate_id=${AFFILIATE_ID}&sub_id=fb`,
      'marketplace_not_configured',
      'resolution_failed',
    ]);
  });

  it('resolves a failed short link again once the failure has expired', async () => {
    await convert({ content: 'https://s.shopee.vn/Slow', mode: 'link_goc' });
    fake.reset();
    fake.route('https://s.shopee.vn/Slow', respond.redirect('https://shopee.vn/product/5/6'));
    t.clock.advance(t.config.get(conversionConfig).LINK_RESOLVER_FAILURE_TTL_SECONDS * 1000 + 1);
    const res = await convert({ content: 'https://s.shopee.vn/Slow', mode: 'link_goc' });
    expect(res.body.items[0]).toMatchObject({ ok: true, output: 'https://shopee.vn/product/5/6' });
    expect(fake.requestsTo('https://s.shopee.vn/Slow')).toBe(1);
  });
});
