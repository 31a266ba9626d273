import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import request from 'supertest';
import { deleteRedisKeys, uniqueRedisPrefix } from '../support/abuse-stores';
import { ApiProcess, eventually, freePort } from '../support/api-process';
import { FakeDns } from '../support/fake-dns';
import { assertSafeResponse } from '../support/test-app';
import { SeededPair, Seeder } from '../support/seed';
import { describeIf } from '../support/skip';
import { loggedInAgent } from '../support/account-client';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const BODY = { content: 'Deal https://shopee.vn/product/1/2', mode: 'affiliate', affiliate_id: '17345510000' };
const WRONG_TOKEN = 'tok_' + 'W'.repeat(40);
const BANNED_IP = '203.0.113.177';
const SHORT_HOST = 'sl.multi.test';
const AFFILIATE_ID = '17345510000';
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const CLICK_FLUSH_MS = 400;
const anRedir = (product: string) =>
  `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(product)}&affiliate_id=${AFFILIATE_ID}`;

async function convert(base: string, pair: SeededPair, options: { token?: string; ip?: string } = {}) {
  let pending = request(base)
    .post('/api/convert')
    .set('X-API-Key', pair.apiKey)
    .set('X-API-Token', options.token ?? pair.apiToken);
  if (options.ip) pending = pending.set('X-Forwarded-For', options.ip);
  const res = await pending.send(BODY);
  assertSafeResponse(res);
  return res;
}

/** A click (or a bot's visit) on a redirector: `GET /<path>` with the short link's Host. */
async function visit(base: string, host: string, path: string, userAgent = BROWSER_UA) {
  return request(base).get(path).set('Host', host).set('User-Agent', userAgent).redirects(0);
}

/**
 * Two api instances and two standalone redirectors (`apps/redirector`) as separate processes against one
 * Postgres and one Redis, behaving as one service.
 */
describeIf(
  Boolean(DATABASE_URL && REDIS_URL),
  'needs DATABASE_URL and REDIS_URL (two api processes and two redirectors share one Postgres and one Redis)',
)('two api instances and two redirectors (separate processes) on one Postgres and one Redis', () => {
  const prefix = uniqueRedisPrefix();
  const seeder = new Seeder(DATABASE_URL ?? '');
  const instances: ApiProcess[] = [];
  const redirectors: ApiProcess[] = [];
  const dns = new FakeDns();
  const members: string[] = [];
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_FREE_PER_KEY: '20',
    RATE_LIMIT_FREE_PER_MEMBER: '30',
    IP_BAN_MAX_FAILURES: '10',
    // The N api + M redirectors layout: short links on a host of their own, served by the redirectors only.
    SHORT_LINK_BASE_URL: `http://${SHORT_HOST}`,
    REDIRECTOR_MOUNT: 'false',
    CLICK_FLUSH_INTERVAL_MS: String(CLICK_FLUSH_MS),
    DNS_SERVERS: '',
  };
  let a: string;
  let b: string;
  let r1: string;
  let r2: string;

  beforeAll(async () => {
    await dns.start();
    env.DNS_SERVERS = dns.server;
    // The first api runs the migrations; then the second (advisory lock either way) and the two redirectors
    // (which run none) start together.
    instances.push(await ApiProcess.start({ env }));
    const redirector = async () => {
      const port = String(await freePort());
      return ApiProcess.start({
        script: 'apps/redirector/src/main.ts',
        env: { ...env, PORT: port, REDIRECTOR_PORT: port },
      });
    };
    const [second, ...both] = await Promise.all([ApiProcess.start({ env }), redirector(), redirector()]);
    instances.push(second);
    redirectors.push(...both);
    [a, b] = instances.map((instance) => instance.url);
    [r1, r2] = redirectors.map((instance) => instance.url);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...instances, ...redirectors].map((instance) => instance.dispose()));
    await dns.stop();
    if (members.length > 0)
      await seeder.query('DELETE FROM members WHERE id = ANY($1::uuid[])', [members]).catch(() => undefined);
    await seeder.query('DELETE FROM ip_bans WHERE ip = $1', [BANNED_IP]).catch(() => undefined);
    await deleteRedisKeys(REDIS_URL!, prefix);
  });

  it('share one per-key budget: exactly 20 of 200 concurrent calls spread over both instances get through', async () => {
    const member = await seeder.member();
    const limit = Number(env.RATE_LIMIT_FREE_PER_KEY);
    const total = 200;
    // All 200 in flight at once, alternating between the two processes (100 each).
    const responses = await Promise.all(Array.from({ length: total }, (_, i) => convert(i % 2 ? a : b, member)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(total - limit);
    // Every refusal (on either instance) is the envelope's rate_limited with a Retry-After within the window
    // (assertSafeResponse in convert() has already checked the envelope and its request_id).
    for (const refused of responses.filter((res) => res.status === 429)) {
      expect(refused.body).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit']).toMatch(/"per_key";r=0;t=\d+/);
    }
  });

  it('share one per-member budget across keys and instances: 30 of 50 get through', async () => {
    const member = await seeder.member();
    const second = await seeder.pair(member.memberId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => convert(i % 2 ? a : b, i % 4 < 2 ? member : second)),
    );
    const ok = responses.filter((res) => res.status === 200).length;
    expect(ok).toBe(30);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(20);
  });

  it('ban an IP on both instances once its wrong attempts on both add up', async () => {
    const member = await seeder.member();
    for (let i = 0; i < 5; i++)
      expect((await convert(a, member, { token: WRONG_TOKEN, ip: BANNED_IP })).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await convert(b, member, { token: WRONG_TOKEN, ip: BANNED_IP })).status).toBe(401);
    for (const base of [a, b]) {
      const res = await convert(base, member, { ip: BANNED_IP });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ip_blocked');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await convert(b, member, { ip: '203.0.113.178' })).status).toBe(200);
    const bans = await seeder.query<{ n: string }>('SELECT count(*) AS n FROM ip_bans WHERE ip = $1', [BANNED_IP]);
    expect(Number(bans[0].n)).toBe(1);
  });

  it('refuse the old pair on both instances right after a regeneration on one of them', async () => {
    const member = await seeder.member({ plan: 'pro' });
    // Both instances have verified (and cached) the pair.
    expect((await convert(a, member)).status).toBe(200);
    expect((await convert(b, member)).status).toBe(200);

    const { agent: browser, csrf } = await loggedInAgent(a, member.email, member.password);
    const regenerated = await browser
      .post('/account/credentials/regenerate')
      .set('X-CSRF-Token', csrf)
      .send({ password: member.password, grace_seconds: 0 });
    expect(regenerated.status).toBe(200);
    const fresh = { apiKey: regenerated.body.api_key as string, apiToken: regenerated.body.api_token as string };

    // The invalidation travels over Redis in milliseconds; the cache TTL (30 s) is far longer.
    const refusedEverywhere = await eventually(
      async () => {
        const statuses = await Promise.all([convert(a, member), convert(b, member)]);
        return statuses.every((res) => res.status === 401);
      },
      1000,
      20,
    );
    expect(refusedEverywhere).toBe(true);
    const res = await convert(b, member);
    expect(res.body.error.code).toBe('invalid_credentials');
    expect((await convert(a, fresh)).status).toBe(200);
    expect((await convert(b, fresh)).status).toBe(200);
  });

  it('make a short link on one api instance, the same code on the other, redirect and count clicks on both redirectors', async () => {
    const member = await seeder.member();
    members.push(member.memberId);
    const products = ['https://shopee.vn/product/4242/1001', 'https://shopee.vn/product/4242/1002'];
    const shorten = async (base: string) => {
      const res = await request(base)
        .post('/api/convert')
        .set('X-API-Key', member.apiKey)
        .set('X-API-Token', member.apiToken)
        .send({ content: `Deal ${products[0]} và ${products[1]}`, mode: 'own_shortener', affiliate_id: AFFILIATE_ID });
      assertSafeResponse(res);
      expect(res.status).toBe(200);
      return res.body.items.map((item: { output: string }) => item.output) as string[];
    };
    const urls = await shorten(a);
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^http://${SHORT_HOST.replace(/\./g, '\\.')}/[A-Za-z0-9]{7}$`));
    expect(await shorten(b)).toEqual(urls);
    const codes = urls.map((url) => url.split('/').pop()!);

    // Both redirectors serve both codes (the first visit on each is a database lookup, then cached).
    for (const base of [r1, r2]) {
      for (const [i, code] of codes.entries()) {
        const hit = await visit(base, SHORT_HOST, `/${code}`);
        expect(hit.status).toBe(302);
        expect(hit.headers.location).toBe(anRedir(products[i]));
      }
      expect((await visit(base, SHORT_HOST, '/ZZZZZZZ')).status).toBe(404);
    }
    // People: 1 + 7 on r1 and 1 + 5 on r2 for the first code, 1 + 1 for the second; bots: 3 on r2.
    await Promise.all([
      ...Array.from({ length: 7 }, () => visit(r1, SHORT_HOST, `/${codes[0]}`)),
      ...Array.from({ length: 5 }, () => visit(r2, SHORT_HOST, `/${codes[0]}`)),
      ...Array.from({ length: 3 }, () => visit(r2, SHORT_HOST, `/${codes[1]}`, 'curl/8.5.0')),
    ]).then((hits) => hits.forEach((hit) => expect(hit.status).toBe(302)));
    const expected = { [codes[0]]: { clicks: 14, bot_clicks: 0 }, [codes[1]]: { clicks: 2, bot_clicks: 3 } };

    const counted = async () => {
      const rows = await seeder.query<{ code: string; clicks: string; bot_clicks: string; days: string }>(
        `SELECT s.code, COALESCE(t.clicks, 0) AS clicks, COALESCE(t.bot_clicks, 0) AS bot_clicks,
                (SELECT COALESCE(SUM(c.clicks + c.bot_clicks), 0) FROM short_link_clicks c WHERE c.short_link_id = s.id) AS days
           FROM short_links s LEFT JOIN (SELECT short_link_id, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks FROM short_link_clicks GROUP BY short_link_id) t ON t.short_link_id = s.id WHERE s.member_id = $1`,
        [member.memberId],
      );
      return Object.fromEntries(
        rows.map((row) => [
          row.code,
          { clicks: Number(row.clicks), bot_clicks: Number(row.bot_clicks), days: Number(row.days) },
        ]),
      );
    };
    const withDays = Object.fromEntries(
      Object.entries(expected).map(([code, n]) => [code, { ...n, days: n.clicks + n.bot_clicks }]),
    );
    // Each redirector writes its own counts at its flush; the sum is exact, and stays so after more flushes: three
    // rounds of one more click on each redirector, each shown only once that redirector has flushed again.
    await eventually(async () => isDeepStrictEqual(await counted(), withDays), 10_000, 100);
    expect(await counted()).toEqual(withDays);
    for (let round = 1; round <= 3; round++) {
      for (const base of [r1, r2]) expect((await visit(base, SHORT_HOST, `/${codes[0]}`)).status).toBe(302);
      const first = withDays[codes[0]];
      const more = {
        ...withDays,
        [codes[0]]: { ...first, clicks: first.clicks + 2 * round, days: first.days + 2 * round },
      };
      await eventually(async () => isDeepStrictEqual(await counted(), more), 10_000, 100);
      expect(await counted()).toEqual(more);
    }
  });

  it('serve a custom domain verified through one api instance on both redirectors', async () => {
    const member = await seeder.member({ plan: 'pro' });
    members.push(member.memberId);
    const domain = `go-${randomUUID().slice(0, 8)}.example.com`;
    const { agent: browser, csrf: token } = await loggedInAgent(a, member.email, member.password);
    const added = await browser.post('/account/domains').set('X-CSRF-Token', token).send({ domain });
    expect(added.status).toBe(201);
    expect(added.body.domain.status).toBe('pending');
    dns.txt.set(`_linkconv.${domain}`, [added.body.domain.txt_record.value]);
    const checked = await browser.post(`/account/domains/${added.body.domain.id}/check`).set('X-CSRF-Token', token);
    expect(checked.status).toBe(200);
    expect(checked.body.domain.status).toBe('verified');

    // The other api instance makes links on it; both redirectors serve them, and only on that domain.
    const product = 'https://shopee.vn/product/4242/2001';
    const res = await request(b)
      .post('/api/convert')
      .set('X-API-Key', member.apiKey)
      .set('X-API-Token', member.apiToken)
      .send({ content: `Mua: ${product}`, mode: 'custom_domain_shortener', affiliate_id: AFFILIATE_ID });
    assertSafeResponse(res);
    expect(res.status).toBe(200);
    const url: string = res.body.items[0].output;
    expect(url.startsWith(`https://${domain}/`)).toBe(true);
    const code = url.split('/').pop()!;
    for (const base of [r1, r2]) {
      const hit = await visit(base, domain, `/${code}`);
      expect(hit.status).toBe(302);
      expect(hit.headers.location).toBe(anRedir(product));
      expect((await visit(base, SHORT_HOST, `/${code}`)).status).toBe(404);
      expect((await visit(base, `other-${domain}`, `/${code}`)).status).toBe(404);
    }

    // Removed through one api instance: both redirectors stop serving it at once. Within the host cache's 60 s
    // only the message (PubSub) can make them reload; it travels asynchronously (a few milliseconds).
    const removed = await browser.delete(`/account/domains/${added.body.domain.id}`).set('X-CSRF-Token', token);
    expect(removed.status).toBe(200);
    for (const base of [r1, r2]) {
      expect(await eventually(async () => (await visit(base, domain, `/${code}`)).status === 404, 1000, 20)).toBe(true);
    }
  });
});
