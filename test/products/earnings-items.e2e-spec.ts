import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemberSettingsService, MembersService } from '@app/members';
import { AccountClient } from '../support/account-client';
import { FAKE_CREDENTIALS, FakeOutside, startFakeOutside } from '../support/fake-outside';
import { createTestApp, TestApp } from '../support/test-app';

const REPORT = readFileSync(join(__dirname, '..', 'fixtures', 'reports', 'shopee-vn.csv'));
const RANGE = 'start=2026-08-01&end=2026-09-30&timezone=Asia%2FHo_Chi_Minh';

/**
 * The earnings page's top items lead to each item's details: the product as `GET /api/products` reads it (the
 * item's page on the site of its orders' currency, the member's saved credentials, the same cache), beside the
 * item's own orders and commission in the page's range.
 */
describe('earnings page: an item links to its product details', () => {
  let fake: FakeOutside;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOutside();
    t = await createTestApp({ ...fake.env });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function memberWithReport(email: string): Promise<{ client: AccountClient; memberId: string }> {
    const client = new AccountClient(t);
    expect((await client.register(email)).status).toBe(201);
    const imported = await client.agent
      .post('/account/conversions/import?apply=true')
      .set('X-CSRF-Token', client.csrf!)
      .set('Content-Type', 'text/csv')
      .send(REPORT);
    expect(imported.status).toBe(200);
    const member = await t.app.get(MembersService).findByEmail(email);
    return { client, memberId: member!.id };
  }

  it('links each top item to its page, which shows the product card and what the item earned', async () => {
    const { client, memberId } = await memberWithReport(`items-${Date.now()}@example.com`);
    await t.app.get(MemberSettingsService).update(memberId, {
      secrets: { shopee_app_id: FAKE_CREDENTIALS.shopeeAppId, shopee_app_secret: FAKE_CREDENTIALS.shopeeSecret },
    });
    const earnings = await client.get(`/dashboard/earnings?${RANGE}`);
    expect(earnings.status).toBe(200);
    const href = /href="(\/dashboard\/earnings\/items\/shopee\/5001\?[^"]+)"/.exec(earnings.text)?.[1];
    expect(href).toBeDefined();
    const link = href!.replace(/&amp;/g, '&');
    expect(link).toContain('start=2026-08-01');

    fake.shopee.requests.length = 0;
    const item = await client.get(link);
    expect(item.status).toBe(200);
    expect(item.headers['content-type']).toMatch(/^text\/html/);
    // The order report's names, the product page on shopee.vn (VND), and the fake's productOfferV2 answer.
    expect(item.text).toContain('Áo thun');
    expect(item.text).toContain('Shop Một');
    expect(item.text).toContain('href="https://shopee.vn/product/111/5001"');
    expect(item.text).toContain('Sản phẩm thử 5001');
    expect(item.text).toContain('12.34 %');
    expect(
      fake.shopee.requests.filter((r) => r.body.includes('productOfferV2(shopId: 111, itemId: 5001')),
    ).toHaveLength(1);
    // The item's own figures in the range: one order of 2 pieces, 200,000 VND.
    expect(item.text).toMatch(/id="item-orders"[\s\S]*?>1</);
    expect(item.text).toContain('200,000');
    // The way back keeps the range.
    expect(item.text).toContain('href="/dashboard/earnings?timezone=Asia%2FHo_Chi_Minh&amp;start=2026-08-01');

    // Asked again: from the cache, no outside call.
    fake.shopee.requests.length = 0;
    expect((await client.get(link)).status).toBe(200);
    expect(fake.shopee.requests).toHaveLength(0);
  });

  it('says what to save without credentials; an item of no order of the member is a 404', async () => {
    const { client } = await memberWithReport(`items-none-${Date.now()}@example.com`);
    const item = await client.get(`/dashboard/earnings/items/shopee/5001?${RANGE}`);
    expect(item.status).toBe(200);
    expect(item.text).toContain('product_not_configured');
    expect(item.text).toContain('Open your settings');
    for (const path of ['shopee/999999', 'tiki/5001', 'shopee/%3Cscript%3E']) {
      const missing = await client.get(`/dashboard/earnings/items/${path}`);
      expect(missing.status).toBe(404);
      expect(missing.text).not.toContain('<script>');
    }
  });
});
