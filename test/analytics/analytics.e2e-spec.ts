import { CLICK_SUMMARY_TABLES, ClickRecorder, ClickRetention, summaryUpsert } from '@app/analytics/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountClient } from '../support/account-client';
import { testAppForSuite, TestMember } from '../support/test-app';
import { affiliateRedirectTo } from '../support/recorded-clicks';
import { insertShortLink } from '../support/short-links';

const FIXTURES = join(__dirname, '..', 'fixtures', 'reports');
const file = (name: string) => readFileSync(join(FIXTURES, name));
const SHORT_HOST = 'sl.test';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const ZALO = `${ANDROID} Zalo android/12100000`;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const VN_IP = '14.160.0.1';
const AU_IP = '1.1.1.1';

/**
 * The figures of the golden Shopee VN export (test/fixtures/reports/shopee-vn.csv), computed by hand:
 * fb-post1 = orders A (2 items, completed: 10000 + 5000 net, GMV 200000 + 100000), B (pending: 3000, GMV 60000),
 * D (completed, 0 commission, GMV 80000); zalo = C (cancelled: item commission 2500, net 0, GMV 50000);
 * no sub id = E (completed: 62500, GMV 1250000). The duplicate, the bad time and the empty order id are skipped.
 */
const VN = {
  fb: { orders: 3, cancelled: 0, gmv: '440000', pending: '3000', completed: '15000', lost: '0', net: '18000' },
  zalo: { orders: 0, cancelled: 1, gmv: '0', pending: '0', completed: '0', lost: '2500', net: '0' },
  none: { orders: 1, cancelled: 0, gmv: '1250000', pending: '0', completed: '62500', lost: '0', net: '62500' },
};

describe('GET /api/analytics: clicks with dimensions joined to imported orders', () => {
  const t = testAppForSuite(
    {
      SHORT_LINK_BASE_URL: `http://${SHORT_HOST}/s`,
      TRUST_PROXY: 'loopback',
      CLICK_FLUSH_INTERVAL_MS: '300000',
      CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000',
    },
    { timeout: 180_000 },
  );
  let alice: TestMember;
  let fbLink: string;
  let zaloLink: string;

  beforeAll(async () => {
    alice = await t.createMember();
    const link = (code: string, subId: string, item: string) =>
      insertShortLink(t, alice.member.id, { code, target: affiliateRedirectTo(item), subId });
    fbLink = await link('FbPost1A', 'fb-post1', '5001');
    zaloLink = await link('ZaloLnk', 'zalo', '9999');
    const visit = (code: string, ua: string | null, ip: string, referer?: string) => {
      const req = t.http.get(`/s/${code}`).set('Host', SHORT_HOST).set('X-Forwarded-For', ip).redirects(0);
      if (ua !== null) req.set('User-Agent', ua);
      if (referer) req.set('Referer', referer);
      return t.send(req);
    };
    for (const [code, ua, ip, referer] of [
      ['FbPost1A', IPHONE, VN_IP, 'https://m.facebook.com/story.php?id=1'],
      ['FbPost1A', IPHONE, VN_IP, 'https://m.facebook.com/story.php?id=2'],
      ['FbPost1A', FIREFOX, AU_IP, undefined],
      ['FbPost1A', ANDROID, VN_IP, undefined],
      ['FbPost1A', 'curl/8.5.0', VN_IP, undefined],
      ['ZaloLnk', ZALO, VN_IP, undefined],
      ['ZaloLnk', ZALO, VN_IP, undefined],
    ] as Array<[string, string, string, string | undefined]>) {
      expect((await visit(code, ua, ip, referer)).status).toBe(302);
    }
    await t.app.get(ClickRecorder).flush();
    const imported = await t.importReport(alice, '?apply=true', file('shopee-vn.csv'));
    expect(imported.body).toMatchObject({ applied: true, new: 6 });
  }, 180_000);

  const get = (query: string, member = alice) =>
    t.send(t.http.get(`/api/analytics?${query}`).set('X-API-Key', member.apiKey).set('X-API-Token', member.apiToken));
  /** Each row of an analytics answer as the values of `names`, in that order. */
  const columns = (res: { body: { rows: Array<Record<string, unknown>> } }, ...names: string[]) =>
    res.body.rows.map((row) => names.map((name) => row[name]));

  const RANGE = 'start=2026-08-01&timezone=Asia/Ho_Chi_Minh';
  const money = (m: typeof VN.fb) => ({
    currency: 'VND',
    gmv: m.gmv,
    commission_pending: m.pending,
    commission_completed: m.completed,
    commission_cancelled: m.lost,
    net_commission: m.net,
  });

  it('per sub id: clicks (bots apart), orders, GMV, commission by status, net, CR and EPC match the hand figures', async () => {
    const res = await get(`groupBy=sub_id&${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, groupBy: 'sub_id', timezone: 'Asia/Ho_Chi_Minh' });
    const rows = Object.fromEntries(res.body.rows.map((r: { key: string }) => [r.key, r]));
    expect(rows['fb-post1']).toMatchObject({
      clicks: 4,
      bot_clicks: 1,
      orders: VN.fb.orders,
      cancelled_orders: VN.fb.cancelled,
      conversion_rate: 0.75,
      amounts: [{ ...money(VN.fb), epc: '4500' }],
    });
    expect(rows.zalo).toMatchObject({
      clicks: 2,
      bot_clicks: 0,
      orders: 0,
      cancelled_orders: 1,
      conversion_rate: 0,
      amounts: [{ ...money(VN.zalo), epc: '0' }],
    });
    expect(rows['']).toMatchObject({
      clicks: 0,
      orders: 1,
      conversion_rate: null,
      amounts: [{ ...money(VN.none), epc: null }],
    });
  });

  it('totals (count) are the sums of the groups', async () => {
    const res = await get(`${RANGE}`);
    expect(res.body.rows).toEqual([
      {
        key: '',
        label: null,
        clicks: 6,
        bot_clicks: 1,
        orders: 4,
        cancelled_orders: 1,
        conversion_rate: Number((4 / 6).toFixed(6)),
        amounts: [
          {
            currency: 'VND',
            gmv: '1690000',
            commission_pending: '3000',
            commission_completed: '77500',
            commission_cancelled: '2500',
            net_commission: '80500',
            epc: '13416.666667',
          },
        ],
      },
    ]);
  });

  it('per link, with its URL; the same figures for the account page', async () => {
    const res = await get(`groupBy=link&${RANGE}`);
    const rows = Object.fromEntries(res.body.rows.map((r: { key: string }) => [r.key, r]));
    expect(rows[fbLink]).toMatchObject({ label: `http://${SHORT_HOST}/s/FbPost1A`, clicks: 4, orders: 3 });
    expect(rows[zaloLink]).toMatchObject({ clicks: 2, cancelled_orders: 1 });
    // Order E has no sub id, so no link.
    expect(rows['']).toMatchObject({ label: 'unattributed', orders: 1 });
    const filtered = await get(`link=${fbLink}&${RANGE}`);
    expect(filtered.body.rows[0]).toMatchObject({ clicks: 4, orders: 3, amounts: [{ net_commission: '18000' }] });
  });

  it('clicks by country, device, browser, OS and referrer (orders have none of these: null)', async () => {
    const by = async (group: string) =>
      Object.fromEntries(
        (await get(`groupBy=${group}&${RANGE}&event=clicks`)).body.rows.map(
          (r: { key: string; clicks: number; bot_clicks: number; orders: null }) => [
            r.key,
            [r.clicks, r.bot_clicks, r.orders],
          ],
        ),
      );
    expect(await by('country')).toEqual({ VN: [5, 1, null], AU: [1, 0, null] });
    expect(await by('device')).toEqual({ mobile: [5, 0, null], desktop: [1, 0, null], bot: [0, 1, null] });
    expect(await by('browser')).toMatchObject({ Safari: [2, 0, null], Firefox: [1, 0, null] });
    expect(await by('os')).toMatchObject({ iOS: [2, 0, null], Android: [3, 0, null], Windows: [1, 0, null] });
    expect(await by('referrer')).toEqual({ 'm.facebook.com': [2, 0, null], '': [4, 1, null] });
  });

  it('a timeseries is bucketed in the asked time zone, zero-filled', async () => {
    const vn = await get('groupBy=timeseries&event=orders&start=2026-08-10&end=2026-08-13&timezone=Asia/Ho_Chi_Minh');
    expect(columns(vn, 'key', 'orders', 'cancelled_orders')).toEqual([
      ['2026-08-10T00:00', 1, 0],
      ['2026-08-11T00:00', 1, 0],
      ['2026-08-12T00:00', 1, 1],
      ['2026-08-13T00:00', 1, 0],
    ]);
    // In UTC the whole days come from the daily summaries (no edge hours): the same orders here, no clicks.
    const utc = await get('groupBy=timeseries&start=2026-08-10&end=2026-08-13&timezone=UTC');
    expect(columns(utc, 'key', 'orders', 'cancelled_orders', 'clicks')).toEqual([
      ['2026-08-10T00:00', 1, 0, 0],
      ['2026-08-11T00:00', 1, 0, 0],
      ['2026-08-12T00:00', 1, 1, 0],
      ['2026-08-13T00:00', 1, 0, 0],
    ]);
    // In São Paulo (UTC−3) order C (08:00 on the 12th in Vietnam, 01:00 UTC) falls on the 11th.
    const br = await get('groupBy=timeseries&event=orders&start=2026-08-11&end=2026-08-12&timezone=America/Sao_Paulo');
    expect(columns(br, 'key', 'orders', 'cancelled_orders')).toEqual([
      ['2026-08-11T00:00', 1, 1],
      ['2026-08-12T00:00', 1, 0],
    ]);
  });

  it('items and shops with their names; CSV with formulas escaped', async () => {
    const items = await get(`groupBy=item&event=commission&${RANGE}`);
    expect(items.body.rows[0]).toMatchObject({ key: 'shopee:5003', label: 'Quần', orders: 2 });
    const shops = await get(`groupBy=shop&${RANGE}`);
    expect(shops.body.rows.map((r: { label: string }) => r.label).sort()).toEqual(['Shop Ba', 'Shop Hai', 'Shop Một']);
    expect(shops.body.rows[0].clicks).toBeNull();
    const csv = await t.send(
      t.http
        .get(`/api/analytics?groupBy=item&${RANGE}`)
        .set('Accept', 'text/csv')
        .set('X-API-Key', alice.apiKey)
        .set('X-API-Token', alice.apiToken),
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe(
      'key,label,currency,clicks,bot_clicks,orders,cancelled_orders,conversion_rate,gmv,commission_pending,commission_completed,commission_cancelled,net_commission,epc',
    );
    expect(csv.text).toContain(`shopee:5002,"'=HYPERLINK(""http://evil.example"",""x"")",VND,`);
  });

  it('a later export that cancels a completed order moves its money from completed to cancelled', async () => {
    const member = await t.createMember();
    const upload = (name: string) => t.importReport(member, '?apply=true', file(name));
    await upload('shopee-vn.csv');
    await upload('shopee-vn-later.csv');
    const res = await get(`groupBy=sub_id&sub_id=fb-post1&${RANGE}`, member);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        key: 'fb-post1',
        orders: 3,
        cancelled_orders: 1,
        amounts: [
          expect.objectContaining({
            gmv: '240000',
            commission_pending: '5000',
            commission_completed: '3000',
            commission_cancelled: '15000',
            net_commission: '8000',
          }),
        ],
      }),
    ]);
  });

  it('refuses bad parameters with 400, and needs credentials', async () => {
    for (const query of [
      'groupBy=bogus',
      'timezone=Mars/Olympus',
      'start=2024-01-01&end=2026-01-01',
      'event=views',
      'start=2026-08-10&end=2026-08-01',
    ]) {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect((await t.send(t.http.get('/api/analytics'))).status).toBe(401);
  });

  it('serves the account page the same figures through the session', async () => {
    const client = new AccountClient(t);
    await client.register(`analytics-${Date.now()}@example.com`);
    const imported = await client.agent
      .post('/account/conversions/import?apply=true')
      .set('X-CSRF-Token', client.csrf!)
      .set('Content-Type', 'text/csv')
      .send(file('shopee-vn.csv'));
    expect(imported.status).toBe(200);
    const res = await client.get(`/account/analytics?groupBy=sub_id&${RANGE}`);
    expect(res.status).toBe(200);
    const fb = res.body.rows.find((r: { key: string }) => r.key === 'fb-post1');
    expect(fb.amounts[0]).toMatchObject(money(VN.fb));
  });

  it('names its schemas in the OpenAPI document', async () => {
    const doc = (await t.send(t.http.get('/docs/openapi.json'))).body;
    for (const name of ['AnalyticsResponseDto', 'AnalyticsRowDto', 'AnalyticsAmountDto', 'ImportSummaryDto']) {
      expect(doc.components.schemas[name]).toBeDefined();
    }
    expect(doc.paths['/api/analytics'].get).toBeDefined();
    expect(doc.paths['/api/conversions/import'].post).toBeDefined();
  });

  it('rolls hourly detail older than the retention into days, losing and doubling nothing', async () => {
    const member = await t.createMember();
    const id = await insertShortLink(t, member.member.id, {
      code: 'OldLink1',
      target: 'https://shopee.vn/x-i.1.2',
      subId: 'old',
    });
    await t.dataSource.query(
      `INSERT INTO click_hours (short_link_id, hour, country, device, os, browser, referrer, bot, member_id, sub_id, marketplace, item_id, clicks)
       SELECT $1, h, 'VN', 'mobile', 'iOS', 'Safari', '', false, $2, 'old', 'shopee', '2', 3
         FROM generate_series(timestamptz '2025-01-10 00:00Z', timestamptz '2025-01-11 23:00Z', interval '1 hour') AS h`,
      [id, member.member.id],
    );
    // And their summaries, as the flush writes them beside them (the same SQL).
    for (const table of CLICK_SUMMARY_TABLES) {
      await t.dataSource.query(summaryUpsert(table, '(SELECT * FROM click_hours WHERE member_id = $1) AS mine'), [
        member.member.id,
      ]);
    }
    expect(
      await t.dataSource.query('SELECT day::text, clicks::int FROM click_days WHERE member_id = $1 ORDER BY day', [
        member.member.id,
      ]),
    ).toEqual([
      { day: '2025-01-10', clicks: 72 },
      { day: '2025-01-11', clicks: 72 },
    ]);
    const before = await get('sub_id=old&start=2025-01-01&end=2025-01-31&timezone=UTC&event=clicks', member);
    expect(before.body.rows[0].clicks).toBe(48 * 3);
    // A Vietnamese day starts at 17:00 UTC: whole UTC days come from the summary, the edge hours from click_hours.
    for (const [range, clicks] of [
      ['start=2025-01-10&end=2025-01-10', 17 * 3],
      ['start=2025-01-10&end=2025-01-11', 41 * 3],
    ] as const) {
      const vn = `${range}&timezone=Asia/Ho_Chi_Minh&event=clicks`;
      expect((await get(`sub_id=old&${vn}`, member)).body.rows[0].clicks).toBe(clicks);
      expect((await get(`groupBy=link&${vn}`, member)).body.rows[0].clicks).toBe(clicks);
    }
    expect(await t.app.get(ClickRetention).rollUp()).toBe(46);
    const rows = await t.dataSource.query(
      'SELECT hour, clicks FROM click_hours WHERE short_link_id = $1 ORDER BY hour',
      [id],
    );
    expect(rows.map((r: { clicks: number }) => r.clicks)).toEqual([72, 72]);
    const after = await get('sub_id=old&start=2025-01-01&end=2025-01-31&timezone=UTC&event=clicks', member);
    expect(after.body.rows[0].clicks).toBe(48 * 3);
    // Read from the daily summary (grouped by sub id) or from the hours (grouped by link): the same clicks.
    const byLink = await get('groupBy=link&start=2025-01-01&end=2025-01-31&timezone=UTC&event=clicks', member);
    expect(byLink.body.rows.map((r: { clicks: number }) => r.clicks)).toEqual([48 * 3]);
    expect(await t.app.get(ClickRetention).rollUp()).toBe(0);
  });
});
