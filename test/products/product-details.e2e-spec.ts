import { MemberSettingsService } from '@app/members';
import Decimal from 'decimal.js';
import type { Response } from 'supertest';
import { cleanUpSharedStore, sharedStoreEnv } from '../support/abuse-stores';
import { eventually } from '../support/api-process';
import {
  FAKE_CREDENTIALS,
  FAKE_MARKETPLACE_SECRETS,
  fakeOutsideForSuite,
  fakeShopeeProduct,
} from '../support/fake-outside';
import { createTestApp, testAppForSuite, TestMember } from '../support/test-app';

const AFFILIATE_ID = '17345510000';
const BUDGET_MS = 300;
const CALLS_PER_HOUR = 20;

let serial = 0;
/** A Shopee product link of its own (shop, item) for each use, so no earlier test's cache answers. */
function shopeeProduct(marker = 'Ao-Thun'): { url: string; shopId: string; itemId: string } {
  serial++;
  const shopId = String(880000 + serial);
  const itemId = String(Date.now() % 1_000_000_000) + String(100 + serial);
  return { url: `https://shopee.vn/${marker}-${serial}-i.${shopId}.${itemId}`, shopId, itemId };
}

function lazadaProduct(): string {
  serial++;
  return `https://www.lazada.vn/products/ao-khoac-i${33000000 + serial}-s${77000000 + serial}.html`;
}

/**
 * Product details in the convert answer (`include: ["product"]`) and `GET /api/products`, against the fake Shopee
 * Affiliate Open API (`productOfferV2`, signature checked) and Lazada getlink on 127.0.0.1: details and the exact
 * estimated commission, the budget with a slow fake, the cache (per item, single flight), the hourly Shopee quota,
 * and the seed's answer unchanged without `include`.
 */
describe('product details: include ["product"] and GET /api/products', () => {
  const fake = fakeOutsideForSuite();
  const stores = sharedStoreEnv();
  const t = testAppForSuite(() => ({
    ...fake.env,
    ...stores,
    PRODUCT_DETAILS_BUDGET_MS: String(BUDGET_MS),
    SHOPEE_PRODUCT_CALLS_PER_HOUR: String(CALLS_PER_HOUR),
    OUTBOUND_TIMEOUT_MS: '5000',
    OUTBOUND_MAX_RETRIES: '0',
  }));
  t.afterClose(async () => {
    await fake.close();
    await cleanUpSharedStore(stores);
  });
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    alice = await withApiCredentials(await t.createMember({ plan: 'pro' }));
    bob = await t.createMember({ plan: 'pro' });
  });
  beforeEach(() => fake.reset());

  async function withApiCredentials(member: TestMember): Promise<TestMember> {
    await t.app.get(MemberSettingsService).update(member.member.id, {
      secrets: FAKE_MARKETPLACE_SECRETS,
    });
    return member;
  }

  function convert(body: Record<string, unknown>, member: TestMember = alice): Promise<Response> {
    return t.convert(member, { mode: 'affiliate', affiliate_id: AFFILIATE_ID, ...body });
  }

  function getProduct(url: string, member: TestMember = alice): Promise<Response> {
    return t.send(
      t.http.get('/api/products').query({ url }).set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken),
    );
  }

  const productCalls = () => fake.shopee.requests.filter((req) => req.body.includes('productOfferV2'));

  it('without include the answer is the seed answer, byte for byte (and include: [] is the same)', async () => {
    const { url } = shopeeProduct();
    const content = `Deal ${url} nè`;
    const res = await convert({ content, sub_ids: ['fb'] });
    const output = `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(url)}&affiliate_id=${AFFILIATE_ID}&sub_id=fb`;
    const seed = {
      ok: true,
      message: 'Converted 1/1 link',
      mode: 'Affiliate link',
      output: `Deal ${output} nè`,
      summary: { total: 1, success: 1, failed: 0 },
      items: [{ index: 0, input: url, start: 5, end: 5 + url.length, marketplace: 'shopee', output, ok: true }],
    };
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify(seed));
    const empty = await convert({ content, sub_ids: ['fb'], include: [] });
    expect(empty.text).toBe(res.text);
    expect(productCalls()).toHaveLength(0);
  });

  it('refuses an unknown include, a repeated one and a non-array', async () => {
    for (const include of [['price'], ['product', 'product'], 'product']) {
      const res = await convert({ content: 'x', include });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('adds each item its product: details and the exact estimated commission (Shopee and Lazada)', async () => {
    const shopee = shopeeProduct();
    const lazada = lazadaProduct();
    const tiki = 'https://tiki.vn/ao-thun-p123456.html';
    const res = await convert({
      content: `A ${shopee.url} B ${lazada} C ${tiki} D ${shopee.url}`,
      mode: 'link_goc',
      include: ['product'],
    });
    expect(res.status).toBe(200);
    const [first, second, third, fourth] = res.body.items;
    const offer = fakeShopeeProduct(shopee.shopId, shopee.itemId);
    expect(first.ok).toBe(true);
    expect(first.output).toBe(shopee.url);
    expect(first.product).toEqual({
      item_id: shopee.itemId,
      shop_id: shopee.shopId,
      name: offer.productName,
      image_url: offer.imageUrl,
      currency: 'VND',
      price: null,
      price_min: offer.priceMin,
      price_max: offer.priceMax,
      commission_rate: '0.1234',
      estimated_commission: new Decimal(offer.priceMin as string).mul('0.1234').toFixed(),
      estimated_commission_max: new Decimal(offer.priceMax as string).mul('0.1234').toFixed(),
      shop_name: `Shop ${shopee.shopId}`,
      rating: '4.8',
      units_sold: 1520,
      offer_end_time: new Date(1_800_000_000_000).toISOString(),
      source: 'shopee_open_api',
      fetched_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Exact decimals: 0.1234 × a whole price has four decimals at most, never a float artefact.
    expect(first.product.estimated_commission).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(second.product).toMatchObject({
      name: expect.stringContaining('Lazada'),
      image_url: 'https://img.lazcdn.com/g/p/fake.jpg',
      currency: 'VND',
      price: '259000',
      commission_rate: '0.05',
      estimated_commission: '12950',
      source: 'lazada_affiliate_api',
    });
    expect(third.product_error.code).toBe('product_unsupported');
    expect(third.product).toBeUndefined();
    expect(fourth.product).toEqual(first.product);
    // The same item twice: one outside call.
    expect(productCalls()).toHaveLength(1);
  });

  it('tells a member without saved API credentials what to save, per item; the links are converted', async () => {
    const res = await convert(
      { content: `${shopeeProduct().url} ${lazadaProduct()}`, mode: 'link_goc', include: ['product'] },
      bob,
    );
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 2, success: 2, failed: 0 });
    const [shopee, lazada] = res.body.items;
    expect(shopee.product_error).toEqual({
      code: 'product_not_configured',
      message: expect.stringContaining('shopee_app_id, shopee_app_secret'),
    });
    expect(lazada.product_error.message).toContain('lazada_user_token');
    const single = await getProduct(shopeeProduct().url, bob);
    expect(single.status).toBe(403);
    expect(single.body.error).toEqual({ code: 'not_configured', message: expect.stringContaining('shopee_app_id') });
    expect(productCalls()).toHaveLength(0);
    // Saved now: the next call uses them (the credentials kept in memory are dropped on the change).
    const carl = await withApiCredentials(bob);
    expect((await getProduct(shopeeProduct().url, carl)).status).toBe(200);
  });

  it('a slow marketplace leaves the conversion within its budget: product_timeout, then the cache has it', async () => {
    const slow = shopeeProduct('Slow');
    fake.shopee.slowMs = 1500;
    fake.shopee.failFor(`/${slow.itemId}`, 'slow');
    const started = Date.now();
    const res = await convert({ content: `Deal ${slow.url}`, include: ['product'] });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.items[0].ok).toBe(true);
    expect(res.body.items[0].output).toContain('an_redir');
    expect(res.body.items[0].product_error.code).toBe('product_timeout');
    // The budget and the conversion itself, far below the fake's 1.5 s.
    expect(elapsed).toBeLessThan(BUDGET_MS + 700);
    // The lookup went on: once the slow answer is in (the fake has sent it), the next call has the details without
    // another call.
    expect(await eventually(() => productCalls().length === 1 && productCalls()[0].status === 200, 15_000)).toBe(true);
    const again = await convert({ content: `Deal ${slow.url}`, include: ['product'] });
    expect(again.body.items[0].product.item_id).toBe(slow.itemId);
    expect(productCalls()).toHaveLength(1);
  });

  it('GET /api/products: the details of one link; a second call makes no outside call', async () => {
    const item = shopeeProduct();
    const res = await getProduct(item.url);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      ok: true,
      url: item.url,
      marketplace: 'shopee',
      product_url: item.url,
      product: { item_id: item.itemId, commission_rate: '0.1234', source: 'shopee_open_api' },
    });
    expect(productCalls()).toHaveLength(1);
    const again = await getProduct(item.url);
    expect(again.body.product).toEqual(res.body.product);
    expect(productCalls()).toHaveLength(1);
    // The convert answer reads the same cache.
    const converted = await convert({ content: item.url, include: ['product'] });
    expect(converted.body.items[0].product).toEqual(res.body.product);
    expect(productCalls()).toHaveLength(1);
  });

  it('reads any supported link: a foreign an_redir link gives its product', async () => {
    const item = shopeeProduct();
    const foreign = `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(item.url)}&affiliate_id=999`;
    const res = await getProduct(foreign);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: foreign, product_url: item.url, product: { item_id: item.itemId } });
  });

  it('another instance on the same Redis reads the details from it: no outside call', async () => {
    if (!stores.REDIS_URL) return; // in-process cache only without REDIS_URL
    const item = shopeeProduct();
    expect((await getProduct(item.url)).status).toBe(200);
    expect(productCalls()).toHaveLength(1);
    const other = await createTestApp({ ...fake.env, ...stores }, { keepData: true });
    try {
      const res = await t.send(
        other.http
          .get('/api/products')
          .query({ url: item.url })
          .set('X-API-Key', alice.apiKey)
          .set('X-API-Token', alice.apiToken),
      );
      expect(res.status).toBe(200);
      expect(res.body.product.item_id).toBe(item.itemId);
      expect(productCalls()).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('many concurrent calls for one item make one outside call', async () => {
    const item = shopeeProduct();
    fake.shopee.delayMs = 200;
    const answers = await Promise.all(Array.from({ length: 8 }, () => getProduct(item.url)));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => JSON.stringify(res.body.product))).size).toBe(1);
    expect(productCalls()).toHaveLength(1);
  });

  it('clear errors: no url, not a link, another site, a page that is no product, a product not on offer', async () => {
    const cases: Array<[string | undefined, number, string]> = [
      [undefined, 400, 'invalid_request'],
      ['not a link', 400, 'invalid_request'],
      ['https://example.com/product/1', 400, 'invalid_request'],
      ['https://tiki.vn/ao-thun-p123456.html', 400, 'invalid_request'],
      ['https://shopee.vn/shop_name_here', 400, 'invalid_request'],
    ];
    for (const [url, status, code] of cases) {
      const res = await t.send(
        t.http
          .get('/api/products')
          .query(url === undefined ? {} : { url })
          .set('X-API-Key', alice.apiKey)
          .set('X-API-Token', alice.apiToken),
      );
      expect([url, res.status, res.body.error?.code]).toEqual([url, status, code]);
      expect(res.body.error.field).toBe('url');
    }
    const missing = shopeeProduct();
    fake.shopee.failFor(`/${missing.itemId}`, 'not_found');
    const notFound = await getProduct(missing.url);
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.code).toBe('not_found');
    const refused = await t.send(t.http.get('/api/products').query({ url: missing.url }));
    expect(refused.status).toBe(401);
  });

  it("Shopee's hourly calls per member: past them quota_exceeded (429, Retry-After), per item product_quota_exceeded", async () => {
    const carol = await withApiCredentials(await t.createMember({ plan: 'pro' }));
    for (let i = 0; i < CALLS_PER_HOUR; i++) expect((await getProduct(shopeeProduct().url, carol)).status).toBe(200);
    const spent = await getProduct(shopeeProduct().url, carol);
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('quota_exceeded');
    expect(spent.body.error.message).toContain(`${CALLS_PER_HOUR} per hour`);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(spent.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const converted = await convert({ content: shopeeProduct().url, include: ['product'] }, carol);
    expect(converted.body.items[0].ok).toBe(true);
    expect(converted.body.items[0].product_error.code).toBe('product_quota_exceeded');
    expect(productCalls()).toHaveLength(CALLS_PER_HOUR);
    // Another member's quota is their own.
    const erin = await withApiCredentials(await t.createMember({ plan: 'pro' }));
    expect((await getProduct(shopeeProduct().url, erin)).status).toBe(200);
  });

  it("the marketplace's own errors: refused credentials, its rate limit, a system error", async () => {
    const dave = await withApiCredentials(await t.createMember({ plan: 'pro' }));
    const items = [shopeeProduct(), shopeeProduct(), shopeeProduct()];
    fake.shopee.failFor(`/${items[0].itemId}`, 'auth_error');
    fake.shopee.failFor(`/${items[1].itemId}`, 'rate_limited');
    fake.shopee.failFor(`/${items[2].itemId}`, 'system_error');
    const res = await convert({ content: items.map((item) => item.url).join(' '), include: ['product'] }, dave);
    expect(res.body.items.map((item: { product_error: { code: string } }) => item.product_error.code)).toEqual([
      'product_credentials_refused',
      'product_quota_exceeded',
      'product_unavailable',
    ]);
    expect(res.text).not.toContain('Invalid Signature');
    expect(res.text).not.toContain(FAKE_CREDENTIALS.shopeeSecret);
    expect((await getProduct(items[0].url, dave)).body.error.code).toBe('not_configured');
    expect((await getProduct(items[2].url, dave)).status).toBe(503);
  });
});
