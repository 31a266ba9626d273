import { ClickRecorder } from '@app/analytics/testing';
import { OWN_DOMAIN, ShortLinkService } from '@app/shortlinks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountClient } from '../support/account-client';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
const file = (name: string) => readFileSync(join(FIXTURES, name));
const SHORT_HOST = 'sl.test';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A Shopee affiliate link of a region and account, for an item of shop 1. */
const shopee = (tld: string, item: string, account: string) =>
  `https://s.shopee.${tld}/an_redir?origin_link=${encodeURIComponent(`https://shopee.${tld}/x-i.1.${item}`)}&affiliate_id=${account}`;

/**
 * Golden files of our own, with their figures computed by hand (nothing from the code):
 *
 * golden-shopee-th.csv (THB, the member's Thai account TH1, Thai headers): TH01 completed 7001 (GMV 1000.50, net
 * 46.23), TH02 pending 7002 (GMV 242.00, net 12.10), TH03 cancelled 7001 (item commission 30.00), all `thfb`; TH04
 * completed 7005 `idsale` (GMV 111.00, net 5.55). Two links have `thfb`: ThFbA (TH1, item 7001) and ThFbB (TH9,
 * another account, item 7002): every `thfb` line is ThFbA's, TH02 too (ThFbB is another account's). `idsale` has
 * only an Indonesian link: TH04 is unattributed.
 *
 * golden-shopee-id.csv (IDR, Indonesian headers, `Tag_link`, `1.250.000` thousands): ID01 completed (GMV 1250000,
 * net 57500), ID02 pending (GMV 300000, net 13800), ID03 unpaid (GMV 99000, net 4554), all `idsale` → IdSale.
 *
 * golden-lazada-newer.csv (made 2026-09-20 09:00, columns in another order, Conversion Time first): LZ10 Delivered
 * SKU 3101, ordered 2026-09-10 23:58 and converted 00:01 the next day (GMV 300000, payout 15000); LZ11 Returned SKU
 * 3101 (payout 5000 lost); LZ12 fulfilled, shop SKU 3001_VNAMZ-3103 (GMV 50000, payout 2500): all item 3001 of the
 * link LzPan (`…-i3001-s3101.html`). golden-lazada-older.csv (made 2026-09-15 09:00): LZ11 still fulfilled.
 */
const TH_THFB = { gmv: '1242.5', pending: '12.1', completed: '46.23', lost: '30', net: '58.33' };
const TH_IDSALE = { gmv: '111', pending: '0', completed: '5.55', lost: '0', net: '5.55' };
const ID_IDSALE = { gmv: '1649000', pending: '18354', completed: '57500', lost: '0', net: '75854' };
const LZ_3001 = { gmv: '350000', pending: '2500', completed: '15000', lost: '5000', net: '17500' };

describe('earnings for every marketplace: golden files of our own, figures by hand', () => {
  let t: TestApp;
  let bob: TestMember;
  const links: Record<string, string> = {};
  const answers: Record<string, { status: number; body: Record<string, unknown> }> = {};

  beforeAll(async () => {
    t = await createTestApp({
      SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
      CLICK_FLUSH_INTERVAL_MS: '300000',
      CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000',
    });
    bob = await t.createMember();
    // Made as a convert call makes them: the link stores its marketplace, region, account and ids when it is made.
    const codes: Record<string, string> = {};
    const link = async (name: string, subId: string, target: string) => {
      const code = (await t.app.get(ShortLinkService).shorten(bob.member.id, OWN_DOMAIN, [target], subId)).get(target)!;
      const [row] = await t.dataSource.query(`SELECT id::text AS id FROM short_links WHERE domain = '' AND code = $1`, [
        code,
      ]);
      links[name] = row.id as string;
      codes[name] = code;
    };
    await link('ThFbA', 'thfb', shopee('co.th', '7001', 'TH1'));
    await link('ThFbB', 'thfb', shopee('co.th', '7002', 'TH9'));
    await link('IdSale', 'idsale', shopee('co.id', '8001', 'ID1'));
    await link(
      'LzPan',
      'lz',
      `https://c.lazada.vn/t/c.MASTER?url=${encodeURIComponent('https://www.lazada.vn/products/noi-chien-i3001-s3101.html')}&sub_id1=lz`,
    );
    for (const [code, clicks] of [
      ['ThFbA', 2],
      ['ThFbB', 1],
      ['IdSale', 4],
      ['LzPan', 3],
    ] as const) {
      for (let i = 0; i < clicks; i += 1) {
        const res = await t.send(
          t.http.get(`/s/${codes[code]}`).set('Host', SHORT_HOST).set('User-Agent', IPHONE).redirects(0),
        );
        expect(res.status).toBe(302);
      }
    }
    await t.app.get(ClickRecorder).flush();

    answers.th = await t.importReport(bob, '?apply=true&affiliate_id=TH1', file('golden-shopee-th.csv'));
    answers.id = await t.importReport(bob, '?apply=true', file('golden-shopee-id.csv'));
    answers.lazada = await t.importReport(
      bob,
      '?apply=true&file_name=ConversionReport202609200900.csv',
      file('golden-lazada-newer.csv'),
    );
  }, 180_000);
  afterAll(() => t.close());

  const get = (query: string) =>
    t.send(t.http.get(`/api/analytics?${query}`).set('X-API-Key', bob.apiKey).set('X-API-Token', bob.apiToken));
  // To the day after today in UTC: the clicks are made now, and in a zone east of UTC (Asia/Bangkok, +7) today's
  // UTC date is already over from 17:00 UTC on (a range ending on it left the clicks out every evening).
  const RANGE = `start=2026-09-01&end=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`;
  const money = (currency: string, m: typeof TH_THFB) => ({
    currency,
    gmv: m.gmv,
    commission_pending: m.pending,
    commission_completed: m.completed,
    commission_cancelled: m.lost,
    net_commission: m.net,
  });
  const byKey = (rows: Array<{ key: string }>) => Object.fromEntries(rows.map((r) => [r.key, r]));

  it('each import says what it did: lines new, attributed, unattributed, and when its report was made', () => {
    expect(answers.th.body).toMatchObject({ applied: true, currencies: ['THB'], new: 4, skipped: 0 });
    expect(answers.th.body).toMatchObject({ attributed_to_links: 3, unattributed: 1 });
    expect(answers.th.body.report).toMatchObject({ affiliate_id: 'TH1', made_at_from: 'upload' });
    expect(answers.id.body).toMatchObject({ currencies: ['IDR'], new: 3, skipped: 0, attributed_to_links: 3 });
    expect(answers.lazada.body).toMatchObject({ marketplace: 'lazada', new: 3, skipped: 0, attributed_to_links: 3 });
    // The portal's file name says when the export was made, in the region's time (UTC+7).
    expect(answers.lazada.body.report).toEqual({
      made_at: '2026-09-20T02:00:00.000Z',
      made_at_from: 'file_name',
      affiliate_id: null,
    });
  });

  it('per sub id, in UTC and in Asia/Bangkok: orders and money per currency, never added across', async () => {
    for (const zone of ['UTC', 'Asia/Bangkok']) {
      const res = await get(`groupBy=sub_id&${RANGE}&timezone=${zone}`);
      expect(res.status).toBe(200);
      const rows = byKey(res.body.rows);
      expect(rows.thfb).toMatchObject({ orders: 2, cancelled_orders: 1, amounts: [money('THB', TH_THFB)] });
      expect(rows.idsale).toMatchObject({
        orders: 4,
        amounts: [money('IDR', ID_IDSALE), money('THB', TH_IDSALE)],
      });
      expect(rows.lz).toMatchObject({ orders: 2, cancelled_orders: 1, amounts: [money('VND', LZ_3001)] });
    }
  });

  it("per link: a line is credited only to a link of its account and region; the rest is 'unattributed'", async () => {
    const res = await get(`groupBy=link&${RANGE}`);
    const rows = byKey(res.body.rows);
    expect(rows[links.ThFbA]).toMatchObject({
      clicks: 2,
      orders: 2,
      cancelled_orders: 1,
      conversion_rate: 1,
      amounts: [{ ...money('THB', TH_THFB), epc: '29.165' }],
    });
    // Another account's link gets none of the Thai account's lines, even for its own item.
    expect(rows[links.ThFbB]).toMatchObject({ clicks: 1, orders: 0, amounts: [] });
    // The Indonesian link: rupiah only (the Thai line with its sub id is not its own).
    expect(rows[links.IdSale]).toMatchObject({
      clicks: 4,
      orders: 3,
      conversion_rate: 0.75,
      amounts: [{ ...money('IDR', ID_IDSALE), epc: '18963.5' }],
    });
    expect(rows['']).toMatchObject({ label: 'unattributed', orders: 1, amounts: [money('THB', TH_IDSALE)] });
  });

  it('a Lazada item has its clicks and its orders in one row (the item id, the SKU a detail)', async () => {
    const res = await get(`groupBy=item&marketplace=lazada&${RANGE}&timezone=Asia/Ho_Chi_Minh`);
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.rows[0]).toMatchObject({
      key: 'lazada:3001',
      clicks: 3,
      orders: 2,
      cancelled_orders: 1,
      conversion_rate: 0.666667,
      amounts: [{ ...money('VND', LZ_3001), epc: '5833.333333' }],
    });
    const skus = await t.dataSource.query(
      `SELECT line_key, item_id, model_id FROM order_lines WHERE member_id = $1 AND marketplace = 'lazada' ORDER BY 1`,
      [bob.member.id],
    );
    expect(skus).toEqual([
      { line_key: 'LZ10|S1|3101', item_id: '3001', model_id: '3101' },
      { line_key: 'LZ11|S2|3101', item_id: '3001', model_id: '3101' },
      { line_key: 'LZ12|S3|3001_VNAMZ-3103', item_id: '3001', model_id: '3001_VNAMZ-3103' },
    ]);
  });

  it('a Lazada order placed at 23:58 and converted at 00:01 counts on the day it was placed', async () => {
    const res = await get(
      'groupBy=timeseries&event=orders&marketplace=lazada&start=2026-09-10&end=2026-09-11&timezone=Asia/Ho_Chi_Minh',
    );
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { key: string; orders: number }) => [r.key, r.orders])).toEqual([
      ['2026-09-10T00:00', 1],
      ['2026-09-11T00:00', 0],
    ]);
  });

  it('an older export applied after a newer one changes nothing; a cancelled line never reopens', async () => {
    const older = await t.importReport(
      bob,
      '?apply=true&file_name=ConversionReport202609150900.csv',
      file('golden-lazada-older.csv'),
    );
    expect(older.body).toMatchObject({ updated: 0, kept: 1, kept_by_reason: { older_report: 1 }, status_changes: {} });
    // Stated as made later, it still cannot reopen the returned line: cancelled is final.
    const later = await t.importReport(
      bob,
      '?apply=true&exported_at=2026-11-01T00:00',
      file('golden-lazada-older.csv'),
    );
    expect(later.body).toMatchObject({ updated: 0, kept: 1, kept_by_reason: { final_status: 1 } });
    const [line] = await t.dataSource.query(
      `SELECT l.status, r.made_at FROM order_lines l JOIN order_reports r ON r.id = l.report_id
        WHERE l.member_id = $1 AND l.line_key = 'LZ11|S2|3101'`,
      [bob.member.id],
    );
    expect(line).toEqual({ status: 'cancelled', made_at: new Date('2026-09-20T02:00:00Z') });
    const res = await get(`groupBy=item&marketplace=lazada&${RANGE}`);
    expect(res.body.rows[0]).toMatchObject({ orders: 2, cancelled_orders: 1, amounts: [money('VND', LZ_3001)] });
  });

  it('the earnings page shows the same figures, each currency by its own decimals', async () => {
    const client = await new AccountClient(t).loginOk(bob.member.email);
    /** The value of a card of the page (tags dropped), e.g. `1,649,000 IDR111.00 THB`. */
    const card = (html: string, id: string) =>
      (new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)<span class="stat-label">`).exec(html)?.[1] ?? '').replace(
        /<[^>]+>/g,
        '',
      );
    const idsale = await client.get(`/dashboard/earnings?${RANGE}&timezone=Asia/Bangkok&sub_id=idsale`);
    expect(idsale.status).toBe(200);
    // IDR without decimals, THB with two: 1,649,000 IDR and 111.00 THB of GMV, 75,854 IDR and 5.55 THB net.
    expect(card(idsale.text, 'card-gmv')).toContain('1,649,000 IDR');
    expect(card(idsale.text, 'card-gmv')).toContain('111.00 THB');
    expect(card(idsale.text, 'card-net')).toContain('75,854 IDR');
    expect(card(idsale.text, 'card-net')).toContain('5.55 THB');
    const thfb = await client.get(`/dashboard/earnings?${RANGE}&timezone=Asia/Bangkok&sub_id=thfb`);
    expect(card(thfb.text, 'card-gmv')).toBe('1,242.50 THB');
    expect(card(thfb.text, 'card-net')).toBe('58.33 THB');
    const lazada = await client.get(`/dashboard/earnings?${RANGE}&timezone=Asia/Ho_Chi_Minh&marketplace=lazada`);
    expect(card(lazada.text, 'card-gmv')).toBe('350,000 VND');
    expect(card(lazada.text, 'card-net')).toBe('17,500 VND');
    expect(card(lazada.text, 'card-epc')).toBe('5,833 VND');
  });

  it('a duplicate row a batch later obeys the same rules: an older export does not reopen the line', async () => {
    const member = await t.createMember();
    const header = 'Order Number,Sub Order ID,SKU,Order Time,Order Amount,Payout,Currency,Status,Sub ID 1';
    const row = (order: string, payout: string, status: string) =>
      `${order},S1,3101,2026-09-12 10:00:00,100000,${payout},VND,${status},lz`;
    const newer = [header, row('LZD', '700', 'Returned')].join('\n');
    await t.importReport(member, '?apply=true&file_name=ConversionReport202609200900.csv', newer);
    // The older export names the line twice, 1,000 lines apart (the second, with the larger payout, is kept).
    const fillers = Array.from({ length: 1000 }, (_, i) => row(`LZF${i}`, '1', 'fulfilled'));
    const older = [header, row('LZD', '0', 'fulfilled'), ...fillers, row('LZD', '700', 'fulfilled')].join('\n');
    const res = await t.importReport(member, '?apply=true&file_name=ConversionReport202609150900.csv', older);
    expect(res.body).toMatchObject({ new: 1000, kept: 1, skipped_by_reason: { duplicate_row: 1 } });
    const [line] = await t.dataSource.query(
      `SELECT status, net_commission::text FROM order_lines WHERE member_id = $1 AND order_id = 'LZD'`,
      [member.member.id],
    );
    expect(line).toEqual({ status: 'cancelled', net_commission: '700.000000' });
  });

  it('two overlapping exports applied at once end as the newer says, whichever lands last', async () => {
    const member = await t.createMember();
    await Promise.all([
      t.importReport(member, '?apply=true&file_name=ConversionReport202609150900.csv', file('golden-lazada-older.csv')),
      t.importReport(member, '?apply=true&file_name=ConversionReport202609200900.csv', file('golden-lazada-newer.csv')),
    ]);
    const [line] = await t.dataSource.query(
      `SELECT status FROM order_lines WHERE member_id = $1 AND line_key = 'LZ11|S2|3101'`,
      [member.member.id],
    );
    expect(line.status).toBe('cancelled');
  });
});
