import { CustomDomainRechecker, ShortLinkService } from '@app/shortlinks';
import { ClickCounter, RedirectLookup, ShortCodeGenerator } from '@app/shortlinks/testing';
import { AccountClient } from '../support/account-client';
import { cleanUpSharedStore, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/abuse-stores';
import { FakeDns } from '../support/fake-dns';
import { createTestApp, TestApp, TestMember } from '../support/test-app';
import { itIf } from '../support/skip';

const PRODUCT = 'https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321?sp_atk=abc';
const PRODUCT_2 = 'https://shopee.vn/product/55501/66602';
const AFFILIATE_ID = '17345510000';
const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SHORT_HOST = 'sl.test';
const CODE = /^[346789ABCDEFGHJKLMNPQRTUVWXYabcdefghijkmnpqrtwxyz]{7}$/;

function anRedir(originLink: string): string {
  return `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(originLink)}&affiliate_id=${AFFILIATE_ID}`;
}

describe('short links: own_shortener, custom_domain_shortener and the redirector (mounted in the api)', () => {
  let t: TestApp;
  let dns: FakeDns;
  let alice: TestMember;
  const redisEnv: Record<string, string> = TEST_REDIS_URL
    ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniqueRedisPrefix() }
    : {};

  beforeAll(async () => {
    dns = await new FakeDns().start();
    t = await createTestApp({
      SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
      DNS_SERVERS: dns.server,
      // Only the explicit flushes of the tests write clicks: proves no write happens on the redirect path.
      CLICK_FLUSH_INTERVAL_MS: '300000',
      CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS: '3600',
      // Alice gets 10,000 links below (the Free plan's total quota): the quotas are tested in short-link-quotas.
      SHORT_LINK_QUOTA_FREE_TOTAL: '1000000',
      SHORT_LINK_QUOTA_FREE_PER_DAY: '1000000',
      ...redisEnv,
    });
    alice = await t.createMember();
  });
  afterAll(async () => {
    await t.close();
    await dns.stop();
    await cleanUpSharedStore(redisEnv);
  });

  const convert = (member: TestMember, body: Record<string, unknown>) => t.convert(member, body);
  const visit = (host: string, path: string, ua = BROWSER_UA) =>
    t.send(t.http.get(path).set('Host', host).set('User-Agent', ua).redirects(0));
  const codeOf = (url: string) => url.split('/').pop()!;
  const countRows = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM short_links'))[0].n);

  describe('own_shortener', () => {
    it('returns our short links that the redirector follows to the affiliate link', async () => {
      const content = `Deal 🔥 ${PRODUCT} và ${PRODUCT_2}, video https://sv.shopee.vn/share-video/abc, xem https://example.com/x`;
      const res = await convert(alice, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      expect(res.status).toBe(200);
      expect(res.body.mode).toBe('Short link');
      expect(res.body.summary).toEqual({ total: 3, success: 2, failed: 1 });
      const [first, second, video] = res.body.items;
      expect(first.output).toMatch(new RegExp(`^http://${SHORT_HOST}/s/[A-Za-z0-9]{7}$`));
      expect(codeOf(first.output)).toMatch(CODE);
      expect(second.output).not.toBe(first.output);
      expect(video).toMatchObject({ ok: false, output: null, error: { code: 'not_a_product' } });
      expect(res.body.output).toBe(
        `Deal 🔥 ${first.output} và ${second.output}, video https://sv.shopee.vn/share-video/abc, xem https://example.com/x`,
      );

      const redirect = await visit(SHORT_HOST, `/s/${codeOf(first.output)}`);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(anRedir('https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321'));
      expect(redirect.headers['cache-control']).toBe('private, max-age=90');
      expect(redirect.headers['referrer-policy']).toBe('no-referrer');
      const affiliate = await convert(alice, { content: PRODUCT_2, mode: 'affiliate', affiliate_id: AFFILIATE_ID });
      expect((await visit(SHORT_HOST, `/s/${codeOf(second.output)}`)).headers.location).toBe(affiliate.body.output);
    });

    it('returns the same code when the same link is converted again (no new row)', async () => {
      const body = { content: `x ${PRODUCT_2} y`, mode: 'own_shortener', affiliate_id: AFFILIATE_ID };
      const once = await convert(alice, body);
      const rows = await countRows();
      const twice = await convert(alice, body);
      expect(twice.body.items[0].output).toBe(once.body.items[0].output);
      expect(await countRows()).toBe(rows);
      // Another affiliate id is another target, so another code.
      const other = await convert(alice, { ...body, affiliate_id: '999' });
      expect(other.body.items[0].output).not.toBe(once.body.items[0].output);
    });

    it('gives each member their own code for the same target', async () => {
      const bob = await t.createMember();
      const body = { content: PRODUCT_2, mode: 'own_shortener', affiliate_id: AFFILIATE_ID };
      const [a, b] = [await convert(alice, body), await convert(bob, body)];
      expect(a.body.items[0].output).not.toBe(b.body.items[0].output);
    });

    it('keeps per-link affiliate failures per link, and never shortens a non-marketplace URL', async () => {
      const content = 'https://www.lazada.vn/products/ao-thun-i123456-s789.html https://evil.example/shopee.vn';
      const res = await convert(alice, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      expect(res.body.summary).toEqual({ total: 1, success: 0, failed: 1 });
      expect(res.body.items[0].error.code).toBe('marketplace_not_configured');
      expect(res.body.output).toBe(content);
      const targets = await t.dataSource.query('SELECT target FROM short_links');
      for (const { target } of targets) expect(target).toMatch(/^https:\/\/s\.shopee\.vn\/an_redir\?/);
    });

    it('answers HEAD like GET without a body, and the same 404 page for any unknown code', async () => {
      const res = await convert(alice, { content: PRODUCT, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      const head = await t.send(t.http.head(`/s/${codeOf(res.body.items[0].output)}`).set('Host', SHORT_HOST));
      expect(head.status).toBe(302);
      expect(head.headers.location).toContain('an_redir');
      expect(head.text ?? '').toBe('');

      const unknown1 = await visit(SHORT_HOST, '/s/ZZZZZZZ');
      const unknown2 = await visit(SHORT_HOST, '/s/abc<script>');
      const wrongCase = await visit(SHORT_HOST, `/s/${codeOf(res.body.items[0].output).toLowerCase()}x`);
      for (const page of [unknown1, unknown2, wrongCase]) {
        expect(page.status).toBe(404);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers.location).toBeUndefined();
        expect(page.text).toBe(unknown1.text);
      }
      expect(unknown1.text).not.toContain('ZZZZZZZ');
      const post = await t.send(t.http.post('/s/ZZZZZZZ').set('Host', SHORT_HOST));
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD');
    });

    it('leaves every api route alone: other hosts, and the short host outside its path', async () => {
      const res = await convert(alice, { content: PRODUCT, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      const code = codeOf(res.body.items[0].output);
      const onApiHost = await t.send(t.http.get(`/s/${code}`).redirects(0));
      expect(onApiHost.status).toBe(404);
      expect(onApiHost.body.error.code).toBe('not_found');
      const health = await t.send(t.http.get('/health').set('Host', SHORT_HOST));
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('ok');
    });

    it('makes 10,000 codes without a duplicate, in one statement', async () => {
      const targets = Array.from({ length: 10_000 }, (_, i) => anRedir(`https://shopee.vn/product/1/${i}`));
      const queries = jest.spyOn(t.dataSource, 'query');
      const codes = await t.app.get(ShortLinkService).shorten(alice.member.id, '', targets);
      expect(queries).toHaveBeenCalledTimes(1);
      queries.mockRestore();
      expect(codes.size).toBe(10_000);
      const values = [...codes.values()];
      expect(new Set(values).size).toBe(10_000);
      for (const code of values) expect(code).toMatch(CODE);
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n, count(DISTINCT code)::int AS d FROM short_links WHERE target LIKE '%product%2F1%2F%'`,
      );
      expect(row).toEqual({ n: 10_000, d: 10_000 });
    });

    it('refuses, in ShortLinkService itself, any target that is not a marketplace link (nothing is created)', async () => {
      const service = t.app.get(ShortLinkService);
      const rows = await countRows();
      for (const target of [
        'https://evil.example/x',
        'https://shopee.vn.evil.example/product/1/2',
        'https://shopee-vn.com/product/1/2',
        'https://shopee.vn@evil.example/product/1/2',
        `https://evil.example/?u=${PRODUCT}`,
      ]) {
        await expect(service.shorten(alice.member.id, '', [anRedir(PRODUCT_2), target])).rejects.toMatchObject({
          code: 'invalid_request',
          message: 'Only marketplace links can be shortened',
        });
      }
      expect(await countRows()).toBe(rows);
      // The marketplace link alone is shortened.
      expect((await service.shorten(alice.member.id, '', [anRedir(PRODUCT_2)])).size).toBe(1);
    });

    it('tries again with a new code when a random code is taken', async () => {
      const taken = codeOf(
        (await convert(alice, { content: PRODUCT, mode: 'own_shortener', affiliate_id: AFFILIATE_ID })).body.items[0]
          .output,
      );
      const generator = t.app.get(ShortCodeGenerator);
      const real = generator.next.bind(generator);
      const spy = jest.spyOn(generator, 'next').mockReturnValueOnce(taken).mockReturnValueOnce(taken);
      try {
        const codes = await t.app
          .get(ShortLinkService)
          .shorten(alice.member.id, '', [
            anRedir('https://shopee.vn/product/2/1'),
            anRedir('https://shopee.vn/product/2/2'),
          ]);
        expect(spy.mock.calls.length).toBeGreaterThanOrEqual(4);
        expect(new Set(codes.values()).size).toBe(2);
        expect([...codes.values()]).not.toContain(taken);
      } finally {
        spy.mockImplementation(real);
        spy.mockRestore();
      }
    });
  });

  describe('custom domains and custom_domain_shortener', () => {
    let pro: TestMember;
    let proClient: AccountClient;

    beforeAll(async () => {
      pro = await t.createMember({ plan: 'pro' });
      proClient = await new AccountClient(t).loginOk(pro.member.email);
    });

    it('refuses a free member: 403 plan_required for the mode and for adding a domain', async () => {
      const free = await new AccountClient(t).loginOk(alice.member.email);
      const add = await free.post('/account/domains', { domain: 'go.alice.example.com' });
      expect(add.status).toBe(403);
      expect(add.body.error.code).toBe('plan_required');
      const res = await convert(alice, {
        content: PRODUCT,
        mode: 'custom_domain_shortener',
        affiliate_id: AFFILIATE_ID,
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('plan_required');
      // The plan gate answers before the mode's own requirements (no affiliate_id, none saved).
      const bare = await convert(alice, { content: PRODUCT, mode: 'custom_domain_shortener' });
      expect(bare.status).toBe(403);
      expect(bare.body.error.code).toBe('plan_required');
    });

    it('refuses a Pro member without a verified domain: 403 not_configured (even with no link in the text)', async () => {
      for (const content of [PRODUCT, 'no links here']) {
        const res = await convert(pro, { content, mode: 'custom_domain_shortener', affiliate_id: AFFILIATE_ID });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('not_configured');
        // The set-up gate answers before the missing affiliate_id.
        const bare = await convert(pro, { content, mode: 'custom_domain_shortener' });
        expect(bare.status).toBe(403);
        expect(bare.body.error.code).toBe('not_configured');
      }
    });

    it('adds a domain (pending until the TXT record is there), verifies it, and serves only its own codes', async () => {
      const bad = await proClient.post('/account/domains', { domain: 'http://127.0.0.1:80/x' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'invalid_request', field: 'domain' });
      expect((await proClient.post('/account/domains', { domain: SHORT_HOST })).status).toBe(400);

      const added = await proClient.post('/account/domains', { domain: 'Go.Example.COM' });
      expect(added.status).toBe(201);
      const domain = added.body.domain;
      expect(domain).toMatchObject({ domain: 'go.example.com', status: 'pending' });
      expect(domain.txt_record).toEqual({
        type: 'TXT',
        name: '_linkconv.go.example.com',
        value: expect.stringMatching(/^linkconv-verify=[A-Za-z0-9_-]{24}$/),
      });
      expect(domain.last_error).toMatch(/not found/);
      expect((await proClient.post('/account/domains', { domain: 'go.example.com' })).status).toBe(409);

      // Still unverified: the mode is not configured.
      const early = await convert(pro, {
        content: PRODUCT,
        mode: 'custom_domain_shortener',
        affiliate_id: AFFILIATE_ID,
      });
      expect(early.body.error.code).toBe('not_configured');

      dns.txt.set('_linkconv.go.example.com', ['v=spf1 -all', domain.txt_record.value]);
      const checked = await proClient.post(`/account/domains/${domain.id}/check`);
      expect(checked.status).toBe(200);
      expect(checked.body.domain).toMatchObject({ status: 'verified', last_error: null });
      const listed = await proClient.get('/account/domains');
      expect(listed.body.domains).toHaveLength(1);
      expect(listed.body.domains[0].status).toBe('verified');

      const res = await convert(pro, {
        content: `Mua: ${PRODUCT}`,
        mode: 'custom_domain_shortener',
        affiliate_id: AFFILIATE_ID,
      });
      expect(res.status).toBe(200);
      expect(res.body.mode).toBe('Short link on your domain');
      const url: string = res.body.items[0].output;
      expect(url).toMatch(/^https:\/\/go\.example\.com\/[A-Za-z0-9]{7}$/);
      const code = codeOf(url);

      const followed = await visit('go.example.com', `/${code}`);
      expect(followed.status).toBe(302);
      expect(followed.headers.location).toBe(anRedir('https://shopee.vn/Ao-Thun-Nam-Cotton-i.123456789.987654321'));
      expect((await visit('GO.EXAMPLE.COM:443', `/${code}`)).status).toBe(302);
      // Only that domain's codes: not on our short domain, and our codes are not on the custom domain.
      expect((await visit(SHORT_HOST, `/s/${code}`)).status).toBe(404);
      const own = await convert(pro, { content: PRODUCT, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      expect((await visit('go.example.com', `/${codeOf(own.body.items[0].output)}`)).status).toBe(404);
      // On a custom domain every path is the redirector's (no api pages), except /health.
      expect((await visit('go.example.com', '/account')).status).toBe(404);
      expect((await visit('go.example.com', '/docs')).status).toBe(404);
      expect((await visit('go.example.com', '/health')).status).toBe(200);

      // Another Pro member's verified domain does not serve these codes.
      const carol = await t.createMember({ plan: 'pro' });
      const carolClient = await new AccountClient(t).loginOk(carol.member.email);
      const carolDomain = (await carolClient.post('/account/domains', { domain: 'links.carol.example.net' })).body
        .domain;
      dns.txt.set('_linkconv.links.carol.example.net', [carolDomain.txt_record.value]);
      expect((await carolClient.post(`/account/domains/${carolDomain.id}/check`)).body.domain.status).toBe('verified');
      expect((await visit('links.carol.example.net', `/${code}`)).status).toBe(404);

      // Nor can another member take go.example.com over, even with the record in place.
      const stolen = (await carolClient.post('/account/domains', { domain: 'go.example.com' })).body.domain;
      dns.txt.set('_linkconv.go.example.com', [domain.txt_record.value, stolen.txt_record.value]);
      const takeover = await carolClient.post(`/account/domains/${stolen.id}/check`);
      expect(takeover.body.domain).toMatchObject({
        status: 'failed',
        last_error: 'This domain is verified by another account',
      });
      expect((await visit('go.example.com', `/${code}`)).status).toBe(302);
      // ...and cannot see or remove someone else's domain.
      expect((await carolClient.post(`/account/domains/${domain.id}/check`)).status).toBe(404);
      expect((await carolClient.delete(`/account/domains/${domain.id}`)).status).toBe(404);
    });

    it('answers a flood of unknown Hosts without a query each, and keeps verified domains in memory', async () => {
      const added = (await proClient.post('/account/domains', { domain: 'flood.pro.example.org' })).body.domain;
      dns.txt.set('_linkconv.flood.pro.example.org', [added.txt_record.value]);
      expect((await proClient.post(`/account/domains/${added.id}/check`)).body.domain.status).toBe('verified');
      await t.dataSource.query(
        `INSERT INTO short_links (member_id, domain, code, target) VALUES ($1, 'flood.pro.example.org', 'Fld3456', $2)`,
        [pro.member.id, anRedir('https://shopee.vn/product/9/8')],
      );
      expect((await visit('flood.pro.example.org', '/Fld3456')).status).toBe(302);

      const queries = jest.spyOn(t.dataSource, 'query');
      // Reads only: the background writers (click, usage and abuse-event flushes) share the DataSource.
      const reads = () => queries.mock.calls.filter(([sql]) => /^\s*SELECT\b/i.test(String(sql))).length;
      const started = Date.now();
      try {
        for (let batch = 0; batch < 20; batch += 1) {
          const answers = await Promise.all(
            Array.from({ length: 50 }, (_, i) => visit(`h${batch * 50 + i}.flood-${batch}.example.net`, '/Fld3456')),
          );
          expect(answers.every((answer) => answer.status === 404)).toBe(true);
        }
        // At most one reload of the verified domains per UNKNOWN_HOST_RELOAD_MS (5 s), whatever the hosts.
        expect(reads()).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / 5000));
        // The verified domain is still known without a query (set loaded less than 60 s ago).
        const lookup = t.app.get(RedirectLookup);
        expect(lookup.peekHost('flood.pro.example.org')).toBe(pro.member.id);
        const calls = reads();
        expect((await visit('flood.pro.example.org', '/Fld3456')).status).toBe(302);
        expect(reads()).toBe(calls);
      } finally {
        queries.mockRestore();
      }
    });

    it('re-checks periodically: a verified domain whose record is gone fails after three misses and stops serving', async () => {
      const added = (await proClient.post('/account/domains', { domain: 'short.pro.example.org' })).body.domain;
      dns.txt.set('_linkconv.short.pro.example.org', [added.txt_record.value]);
      expect((await proClient.post(`/account/domains/${added.id}/check`)).body.domain.status).toBe('verified');
      const rows = await t.dataSource.query(
        `INSERT INTO short_links (member_id, domain, code, target) VALUES ($1, 'short.pro.example.org', 'Abc3456', $2) RETURNING id`,
        [pro.member.id, anRedir('https://shopee.vn/product/9/9')],
      );
      expect(rows).toHaveLength(1);
      expect((await visit('short.pro.example.org', '/Abc3456')).status).toBe(302);

      dns.txt.delete('_linkconv.short.pro.example.org');
      const rechecker = t.app.get(CustomDomainRechecker);
      for (const expected of ['verified', 'verified', 'failed']) {
        t.clock.advance(3601 * 1000);
        await rechecker.tick();
        const [row] = await t.dataSource.query(`SELECT status FROM custom_domains WHERE id = $1`, [added.id]);
        expect(row.status).toBe(expected);
      }
      expect((await visit('short.pro.example.org', '/Abc3456')).status).toBe(404);
      // Hours went by: the session timed out.
      proClient = await new AccountClient(t).loginOk(pro.member.email);
      const view = (await proClient.get('/account/domains')).body.domains.find(
        (d: { id: string }) => d.id === added.id,
      );
      expect(view).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/not found/) });

      // A DNS failure (SERVFAIL) changes no status; the record back verifies it again.
      dns.broken.add('_linkconv.short.pro.example.org');
      expect((await proClient.post(`/account/domains/${added.id}/check`)).body.domain).toMatchObject({
        status: 'failed',
        last_error: expect.stringMatching(/SERVFAIL/),
      });
      dns.broken.delete('_linkconv.short.pro.example.org');
      dns.txt.set('_linkconv.short.pro.example.org', [added.txt_record.value]);
      expect((await proClient.post(`/account/domains/${added.id}/check`)).body.domain.status).toBe('verified');
      expect((await visit('short.pro.example.org', '/Abc3456')).status).toBe(302);

      const removed = await proClient.delete(`/account/domains/${added.id}`);
      expect(removed.status).toBe(200);
      expect((await visit('short.pro.example.org', '/Abc3456')).status).toBe(404);
    });
  });

  describe('clicks and the account area', () => {
    it('counts clicks in memory and writes them on flush, people and bots apart', async () => {
      const member = await t.createMember();
      const client = await new AccountClient(t).loginOk(member.member.email);
      const res = await convert(member, {
        content: `${PRODUCT} ${PRODUCT_2}`,
        mode: 'own_shortener',
        affiliate_id: AFFILIATE_ID,
      });
      const [code1, code2] = res.body.items.map((item: { output: string }) => codeOf(item.output));
      await t.app.get(ClickCounter).flush();
      for (let i = 0; i < 3; i += 1) await visit(SHORT_HOST, `/s/${code1}`);
      await visit(SHORT_HOST, `/s/${code2}`);
      await visit(SHORT_HOST, `/s/${code1}`, 'facebookexternalhit/1.1');
      await t.send(t.http.head(`/s/${code1}`).set('Host', SHORT_HOST).set('User-Agent', BROWSER_UA));

      // Nothing written on the redirect path.
      const before = await t.dataSource.query(
        `SELECT COALESCE(sum(t.clicks), 0)::int AS c FROM short_link_clicks t JOIN short_links s ON s.id = t.short_link_id WHERE s.member_id = $1`,
        [member.member.id],
      );
      expect(before[0].c).toBe(0);
      await t.app.get(ClickCounter).flush();

      const list = await client.get('/account/short-links?per_page=10');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ ok: true, page: 1, per_page: 10, total: 2 });
      const byCode = new Map(list.body.short_links.map((link: { code: string }) => [link.code, link]));
      expect(byCode.get(code1)).toMatchObject({
        clicks: 3,
        bot_clicks: 2,
        domain: null,
        url: `http://${SHORT_HOST}/s/${code1}`,
      });
      expect(byCode.get(code2)).toMatchObject({ clicks: 1, bot_clicks: 0 });
      expect((byCode.get(code1) as { last_click_at: string }).last_click_at).toBeTruthy();

      const paged = await client.get('/account/short-links?per_page=1&page=2');
      expect(paged.body.short_links).toHaveLength(1);
      expect(paged.body.total).toBe(2);
      expect((await client.get('/account/short-links?per_page=500')).status).toBe(400);

      const perDay = await client.get('/account/short-links/clicks?days=7');
      expect(perDay.status).toBe(200);
      expect(perDay.body.days).toHaveLength(7);
      const today = t.clock.now().toISOString().slice(0, 10);
      expect(perDay.body.days[6]).toEqual({ day: today, clicks: 4, bot_clicks: 2 });
      expect(perDay.body.total).toEqual({ clicks: 4, bot_clicks: 2 });
      // Other members see none of it.
      const other = await new AccountClient(t).loginOk(alice.member.email);
      const theirs = await other.get('/account/short-links?per_page=100');
      expect(theirs.body.short_links.map((link: { code: string }) => link.code)).not.toContain(code1);
    });

    it('shows clicks per day per short link and per sub id', async () => {
      const member = await t.createMember();
      const client = await new AccountClient(t).loginOk(member.member.email);
      const made = async (content: string, subIds: string[]) =>
        codeOf(
          (await convert(member, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID, sub_ids: subIds })).body
            .items[0].output,
        );
      const fb = await made(PRODUCT, ['fb', 'post1']);
      const zalo = await made(PRODUCT_2, ['zalo']);
      const none = await made('https://shopee.vn/product/777/888', []);
      await visit(SHORT_HOST, `/s/${fb}`);
      await visit(SHORT_HOST, `/s/${fb}`);
      await visit(SHORT_HOST, `/s/${fb}`, 'facebookexternalhit/1.1');
      await visit(SHORT_HOST, `/s/${zalo}`);
      await visit(SHORT_HOST, `/s/${none}`);
      await t.app.get(ClickCounter).flush();
      const today = t.clock.now().toISOString().slice(0, 10);

      const list = await client.get('/account/short-links?per_page=10');
      expect(list.body.short_links.map((link: { sub_id: string }) => link.sub_id).sort()).toEqual([
        '',
        'fb-post1',
        'zalo',
      ]);
      const perLink = await client.get(`/account/short-links/clicks?days=30&code=${fb}`);
      expect(perLink.body.days).toHaveLength(30);
      expect(perLink.body.days[29]).toEqual({ day: today, clicks: 2, bot_clicks: 1 });
      const perSubId = await client.get('/account/short-links/clicks?days=30&sub_id=zalo');
      expect(perSubId.body.total).toEqual({ clicks: 1, bot_clicks: 0 });
      const noSubId = await client.get('/account/short-links/clicks?days=30&sub_id=');
      expect(noSubId.body.total).toEqual({ clicks: 1, bot_clicks: 0 });
      const subIds = await client.get('/account/short-links/sub-ids');
      expect(subIds.body.sub_ids).toEqual([
        { sub_id: 'fb-post1', links: 1, clicks: 2, bot_clicks: 1 },
        { sub_id: '', links: 1, clicks: 1, bot_clicks: 0 },
        { sub_id: 'zalo', links: 1, clicks: 1, bot_clicks: 0 },
      ]);
      // Another member's code shows nothing; a malformed code is a 400.
      const other = await new AccountClient(t).loginOk(alice.member.email);
      expect((await other.get(`/account/short-links/clicks?code=${fb}`)).body.total).toEqual({
        clicks: 0,
        bot_clicks: 0,
      });
      expect((await client.get('/account/short-links/clicks?code=a%2Fb')).status).toBe(400);
    });

    it('needs a session for the account routes', async () => {
      const res = await t.send(t.http.get('/account/short-links').set('Accept', 'application/json'));
      expect(res.status).toBe(401);
    });

    itIf(Boolean(TEST_REDIS_URL), 'needs REDIS_URL')('shares lookups through Redis (REDIS_URL set)', async () => {
      const content = `https://shopee.vn/product/4242/${Date.now()}`;
      const res = await convert(alice, { content, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      const code = codeOf(res.body.items[0].output);
      const redis = t.app.get(RedirectLookup);
      expect(redis.peek({ domain: '', memberId: null, key: '|' }, code)).toBeUndefined();
      await visit(SHORT_HOST, `/s/${code}`);
      const { default: Redis } = await import('ioredis');
      const client = new Redis(TEST_REDIS_URL!);
      try {
        // Written back off the response path: `<id> <target>`, one string.
        let stored: string | null = null;
        for (let tries = 0; stored === null && tries < 50; tries += 1) {
          stored = await client.get(`${redisEnv.REDIS_KEY_PREFIX}sl:|${code}`);
          if (stored === null) await new Promise((done) => setTimeout(done, 20));
        }
        expect(stored).toMatch(/^\d+ /);
        expect(stored!.slice(stored!.indexOf(' ') + 1)).toBe(anRedir(content));
        // An instance with a cold process cache is answered from Redis, without the database: the current form,
        // and the JSON of earlier versions.
        await client.set(`${redisEnv.REDIS_KEY_PREFIX}sl:|Redis33`, `0 ${anRedir(content)}`);
        await client.set(`${redisEnv.REDIS_KEY_PREFIX}sl:|Redis34`, JSON.stringify({ i: '0', t: anRedir(content) }));
        const queries = redis.databaseLookups.queries;
        for (const cold of ['Redis33', 'Redis34']) {
          const fromRedis = await visit(SHORT_HOST, `/s/${cold}`);
          expect(fromRedis.status).toBe(302);
          expect(fromRedis.headers.location).toBe(anRedir(content));
        }
        expect(redis.databaseLookups.queries).toBe(queries);
        await client.del(`${redisEnv.REDIS_KEY_PREFIX}sl:|Redis33`, `${redisEnv.REDIS_KEY_PREFIX}sl:|Redis34`);
      } finally {
        client.disconnect();
      }
    });
  });
  describe('a flood of unknown codes', () => {
    it('reaches the database once per batch of codes, never once per request, and not again while remembered', async () => {
      const lookup = t.app.get(RedirectLookup);
      const tag = Date.now().toString(36);
      const unknown = Array.from({ length: 100 }, (_, i) => `Nope${tag}${i}`);
      const before = lookup.databaseLookups;
      // 300 requests at once, each of 100 unknown codes three times: each code is asked for once at most.
      const first = await Promise.all(
        [...unknown, ...unknown, ...unknown].map((code) => visit(SHORT_HOST, `/s/${code}`)),
      );
      expect(first.every((res) => res.status === 404)).toBe(true);
      const afterFirst = lookup.databaseLookups;
      expect(afterFirst.codes - before.codes).toBe(unknown.length);
      expect(afterFirst.queries - before.queries).toBeLessThanOrEqual(unknown.length);
      // Misses of one turn of the event loop go in one query.
      const more = Array.from({ length: 100 }, (_, i) => `Also${tag}${i}`);
      const own = { domain: '', memberId: null, key: '|' };
      expect(await Promise.all(more.map((code) => lookup.find(own, code)))).toEqual(more.map(() => null));
      const afterBatch = lookup.databaseLookups;
      expect(afterBatch).toEqual({ queries: afterFirst.queries + 1, codes: afterFirst.codes + more.length });
      // Remembered as unknown: no query at all for any of them again.
      const again = await Promise.all([...unknown, ...more].map((code) => visit(SHORT_HOST, `/s/${code}`)));
      expect(again.every((res) => res.status === 404)).toBe(true);
      expect(lookup.databaseLookups).toEqual(afterBatch);
      // A real code still redirects.
      const res = await convert(alice, {
        content: `https://shopee.vn/product/77/${Date.now()}`,
        mode: 'own_shortener',
        affiliate_id: AFFILIATE_ID,
      });
      expect((await visit(SHORT_HOST, `/s/${codeOf(res.body.items[0].output)}`)).status).toBe(302);
    });
  });
});
