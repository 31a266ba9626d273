import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { conversionConfig, TextConverter } from '@app/conversion';
import { ConversionWorkers, LargeConversionGate } from '@app/conversion/testing';
import { CredentialsService, type Principal } from '@app/credentials';
import { rateLimit, TEST_REDIS_URL, testAppOnSharedStoresForSuite } from '../support/abuse-stores';
import { testAppForSuite, TestMember } from '../support/test-app';

/** Where the counters live in this run: the machine's Redis when REDIS_URL is set, else in process. */
const STORE = TEST_REDIS_URL ? 'Redis' : 'in process';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** The principal a member's key gives, for calling the converter directly. */
function principalOf(m: TestMember): Principal {
  return {
    memberId: m.member.id,
    credentialId: 'none',
    keyPreview: 'sk_test',
    plan: m.member.plan,
    role: 'member',
    defaultAffiliateId: null,
    defaultSubIds: [],
    marketplaceSettings: {},
  };
}

/** A text of `n` distinct Shopee product links. */
function links(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => `https://shopee.vn/product/${100 + from + i}/${7000 + i}`).join(' ');
}

describe(`link budgets (links_per_key, links_per_member), counted ${STORE}`, () => {
  const t = testAppOnSharedStoresForSuite({ LINK_BUDGET_FREE_PER_KEY: '10', LINK_BUDGET_FREE_PER_MEMBER: '15' });

  const convert = (member: TestMember, content: string, apiKey = member.apiKey, apiToken = member.apiToken) =>
    t.send(
      t.http
        .post('/api/convert')
        .set('X-API-Key', apiKey)
        .set('X-API-Token', apiToken)
        .send({ content, mode: 'link_goc' }),
    );
  const limits = (member: TestMember) =>
    t.send(t.http.get('/api/limits').set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken));

  it('charges the links of each call, then answers 429 rate_limited naming the spent budget', async () => {
    const member = await t.createMember();
    const first = await convert(member, links(6));
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(
      '"per_key";q=60;w=60, "per_member";q=120;w=60, "links_per_key";q=10;w=60, "links_per_member";q=15;w=60',
    );
    expect(rateLimit(first).links_per_key.r).toBe(4);
    expect(rateLimit(first).links_per_member.r).toBe(9);
    expect(rateLimit(first).per_key.r).toBe(59);

    // Below the budget: let through and charged in full (12 of 10).
    expect((await convert(member, links(6, 50))).status).toBe(200);
    const refused = await convert(member, links(1, 90));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toContain('links_per_key');
    expect(refused.body.error.message).toContain('10 links per 60 seconds per API key');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(rateLimit(refused).links_per_key.r).toBe(0);

    // GET /api/limits shows both budgets and charges none.
    const shown = await limits(member);
    expect(shown.status).toBe(200);
    const byName = Object.fromEntries(
      (shown.body.limits as Array<{ name: string; limit: number; remaining: number }>).map((l) => [l.name, l]),
    );
    expect(byName.links_per_key).toMatchObject({ limit: 10, remaining: 0, window_seconds: 60 });
    expect(byName.links_per_member).toMatchObject({ limit: 15, remaining: 3 });
    const again = await limits(member);
    const linksAgain = (again.body.limits as Array<{ name: string; remaining: number }>).filter((l) =>
      l.name.startsWith('links_'),
    );
    expect(linksAgain.map((l) => l.remaining)).toEqual([0, 3]);

    // Another key of the same member: its own key budget, the member's budget shared (12 of 15 used).
    // A new pair; the first stays valid for its grace period.
    const second = await t.app.get(CredentialsService).issue(member.member.id, 3600);
    const other = await convert(member, links(4, 200), second.apiKey, second.apiToken);
    expect(other.status).toBe(200);
    const spent = await convert(member, links(1, 300), second.apiKey, second.apiToken);
    expect(spent.status).toBe(429);
    expect(spent.body.error.message).toContain('links_per_member');
    expect(spent.body.error.message).toContain('per member (all API keys together)');
  });

  it('never refuses one call on a fresh window, however many links it has', async () => {
    const member = await t.createMember();
    const big = await convert(member, links(40));
    expect(big.status).toBe(200);
    expect(big.body.summary.total).toBe(40);
    expect(rateLimit(big).links_per_key.r).toBe(0);
  });
});

describe('link budgets: the defaults', () => {
  const t = testAppOnSharedStoresForSuite();

  it.each(['free', 'pro'] as const)(
    'let a %s member convert a text of the longest content, packed with links, on a fresh window',
    async (plan) => {
      const member = await t.createMember({ plan });
      const max = t.config.get(conversionConfig).CONVERT_MAX_CONTENT_CHARS;
      const text = Array.from({ length: max }, (_, i) => `shopee.vn/product/1/${i} `)
        .join('')
        .slice(0, max);
      const res = await t.convert(member, { content: text, mode: 'link_goc' });
      expect(res.status).toBe(200);
      expect(res.body.summary.total).toBeGreaterThan(1000);
    },
  );
});

describe('large texts share the event loop', () => {
  // Workers off: these tests are about large texts on the event loop (the worker threads have theirs below).
  const t = testAppForSuite({ CONVERT_MAX_CONTENT_CHARS: '300000', CONVERT_SLICE_MS: '1', CONVERT_WORKERS: '0' });

  /** Converts `content` and counts the event-loop turns (a chain of setImmediate) that ran meanwhile. */
  async function convertCountingTurns(principal: Principal, content: string) {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const result = await t.app.get(TextConverter).convert({ content, mode: 'link_goc' }, principal);
    running = false;
    return { result, turns };
  }

  it('converts a large text in slices, between which other work runs, with the same answer', async () => {
    const principal = principalOf(await t.createMember({ plan: 'pro' }));
    const content = `Deal 🔥 ${links(5000)} giảm 50%!`;
    expect(content.length).toBeGreaterThan(150_000);
    const config = t.config.get(conversionConfig);

    const whole = config.CONVERT_SLICE_ABOVE_CHARS;
    config.CONVERT_SLICE_ABOVE_CHARS = 1_000_000;
    const inOneGo = await convertCountingTurns(principal, content);
    config.CONVERT_SLICE_ABOVE_CHARS = whole;
    const sliced = await convertCountingTurns(principal, content);

    expect(sliced.result).toEqual(inOneGo.result);
    expect(sliced.result.summary.total).toBe(5000);
    // In one go the loop turns only for the conversion's own I/O; in slices, between every slice.
    expect(inOneGo.turns).toBeLessThan(5);
    expect(sliced.turns).toBeGreaterThan(20);
  });

  it('sends a large answer serialised in slices: the same JSON bytes and headers res.json sends', async () => {
    const member = await t.createMember({ plan: 'pro' });
    const call = (content: string) => t.convert(member, { content, mode: 'link_goc' });
    const large = await call(links(1200));
    expect(large.status).toBe(200);
    expect(large.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(large.headers['cache-control']).toBe('no-store');
    expect(large.body.items).toHaveLength(1200);
    // Byte for byte what JSON.stringify gives for the parsed answer (same key order, no spaces).
    expect(large.text).toBe(JSON.stringify(large.body));
    expect(Number(large.headers['content-length'])).toBe(Buffer.byteLength(large.text));
    // A small answer takes res.json as before, with the same headers.
    const small = await call(links(3));
    expect(small.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(small.text).toBe(JSON.stringify(small.body));
  });
});

describe('large texts of link_goc and affiliate are converted in a worker thread (CONVERT_WORKERS)', () => {
  const t = testAppForSuite({
    CONVERT_MAX_CONTENT_CHARS: '300000',
    LINK_BUDGET_FREE_PER_KEY: '1500',
    METRICS_TOKEN,
  });
  let member: TestMember;

  beforeAll(async () => {
    member = await t.createMember({ plan: 'pro' });
  });

  const call = (m: TestMember, body: Record<string, unknown>) => t.convert(m, body);

  it('answers the same bytes the event loop gives, short links resolved by the api, links counted', async () => {
    const workers = t.app.get(ConversionWorkers);
    expect(workers.threads).toBe(0);
    // A short link the api has resolved before (its cache): the worker asks the api, which answers from it.
    const short = 'https://s.shopee.vn/WorkerShort1';
    await t.dataSource.query(
      `INSERT INTO resolved_links (short_url, resolved_url, failure, resolved_at, expires_at)
       VALUES ($1, 'https://shopee.vn/product/77/88?utm_source=x', NULL, now(), now() + interval '1 day')`,
      [short],
    );
    const content = `Deal 🔥 ${links(1200)} ${short} https://shopee.vn/live/123 ${links(3)} giảm 50%!`;
    const metrics = () => t.send(t.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`));
    const metricsBefore = await metrics();

    const answered = await call(member, { content, mode: 'link_goc' });
    expect(answered.status).toBe(200);
    expect(workers.threads).toBeGreaterThan(0);
    expect(answered.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(Number(answered.headers['content-length'])).toBe(Buffer.byteLength(answered.text));
    expect(answered.body.summary).toEqual({ total: 1205, success: 1204, failed: 1 });
    const item = answered.body.items.find((i: { input: string }) => i.input === short);
    expect(item).toMatchObject({ ok: true, output: 'https://shopee.vn/product/77/88' });
    const metricsAfter = await metrics();
    const okLinks = (text: string) =>
      Number(
        /linkconv_convert_links_total\{mode="link_goc",marketplace="shopee",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0,
      );
    expect(metricsBefore.status).toBe(200);
    expect(okLinks(metricsAfter.text) - okLinks(metricsBefore.text)).toBe(1204);
    // What the event loop gives for the same call, serialised as res.json would.
    const onLoop = await t.app.get(TextConverter).convert({ content, mode: 'link_goc' }, principalOf(member));
    expect(answered.text).toBe(JSON.stringify(onLoop));
  });

  it('affiliate with sub ids: the same answer as on the event loop', async () => {
    const body = {
      content: `${links(800)} https://shopee.vn/Ao-i.12.34`,
      mode: 'affiliate',
      affiliate_id: 'aff1',
      sub_ids: ['fb', 'post7'],
    };
    const answered = await call(member, body);
    expect(answered.status).toBe(200);
    expect(answered.body.mode).toBe('Affiliate link');
    const onLoop = await t.app
      .get(TextConverter)
      .convert(
        { content: body.content, mode: 'affiliate', affiliateId: 'aff1', subIds: ['fb', 'post7'] },
        principalOf(member),
      );
    expect(answered.text).toBe(JSON.stringify(onLoop));
  });

  it("charges the link budgets before converting: a spent budget is the api's 429, the worker stops", async () => {
    const spender = await t.createMember({ plan: 'free' });
    const first = await call(spender, { content: links(1000), mode: 'link_goc' });
    expect(first.status).toBe(200);
    expect(rateLimit(first).links_per_key.r).toBe(500);
    // Below the budget: let through and charged in full (2,000 of 1,500); the next call is refused.
    expect((await call(spender, { content: links(1000, 3000), mode: 'link_goc' })).status).toBe(200);
    const refused = await call(spender, { content: links(1000, 3000), mode: 'link_goc' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toContain('links_per_key');
    expect(rateLimit(refused).links_per_key.r).toBe(0);
    // The worker is free for the next call.
    const next = await call(member, { content: links(1000, 6000), mode: 'link_goc' });
    expect(next.status).toBe(200);
    expect(next.body.summary.total).toBe(1000);
  });

  it('keeps product details and the other modes on the event loop', async () => {
    const other = await t.createMember({ plan: 'pro' });
    const withProducts = await call(other, { content: links(600), mode: 'link_goc', include: ['product'] });
    expect(withProducts.status).toBe(200);
    expect(withProducts.body.items[0]).toHaveProperty('product_error');
  });
});

describe('large conversions take turns (CONVERT_LARGE_CONCURRENCY, CONVERT_LARGE_QUEUE)', () => {
  const t = testAppForSuite({
    CONVERT_MAX_CONTENT_CHARS: '300000',
    CONVERT_LARGE_CONCURRENCY: '1',
    CONVERT_LARGE_QUEUE: '1',
  });
  let member: TestMember;
  let gate: LargeConversionGate;

  beforeAll(async () => {
    member = await t.createMember({ plan: 'pro' });
    gate = t.app.get(LargeConversionGate);
  });

  const convert = (content: string) =>
    t.http
      .post('/api/convert')
      .set('X-API-Key', member.apiKey)
      .set('X-API-Token', member.apiToken)
      .send({ content, mode: 'link_goc' });

  async function until(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((done) => setTimeout(done, 10));
    expect(condition()).toBe(true);
  }

  it('lets one in at a time, queues the next, refuses past the queue with 503, never gates a small text', async () => {
    // The test holds the only turn: every large call waits for it.
    const held = await gate.turn(new AbortController().signal);
    const waiting = t.send(convert(links(1000)));
    await until(() => gate.load.waiting === 1);

    const refused = await t.send(convert(links(1000, 5000)));
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('unavailable');
    expect(refused.headers['retry-after']).toBe('5');

    // A small text is not a large conversion: answered at once, whoever holds the turns.
    const small = await t.send(convert(links(3)));
    expect(small.status).toBe(200);
    expect(gate.load).toEqual({ inUse: 1, waiting: 1 });

    held();
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(answered.body.summary.total).toBe(1000);
    // Its turn ended with its answer: the gate is free again.
    expect(gate.load).toEqual({ inUse: 0, waiting: 0 });
  });

  it('frees the turn of a large call that fails, and drops a waiting caller that goes away', async () => {
    const held = await gate.turn(new AbortController().signal);
    // `affiliate` without an affiliate id fails inside the handler, after its turn came.
    const failing = t.convert(member, { content: links(1000), mode: 'affiliate' });
    await until(() => gate.load.waiting === 1);
    held();
    expect((await failing).status).toBe(400);
    expect(gate.load).toEqual({ inUse: 0, waiting: 0 });

    const heldAgain = await gate.turn(new AbortController().signal);
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const body = JSON.stringify({ content: links(1000), mode: 'link_goc' });
    const gone = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/convert',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-api-key': member.apiKey,
        'x-api-token': member.apiToken,
      },
    });
    gone.on('error', () => undefined);
    gone.end(body);
    await until(() => gate.load.waiting === 1);
    gone.destroy();
    // The caller left: its place in the queue is given up at once, not when the turn comes.
    await until(() => gate.load.waiting === 0);
    heldAgain();
    expect(gate.load).toEqual({ inUse: 0, waiting: 0 });
  });
});
