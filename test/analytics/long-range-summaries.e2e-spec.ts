import { ClickRetention, orderFigures } from '@app/analytics/testing';
import {
  apiClicks,
  DAY_MS,
  detailClicks,
  expectWholeDaysOnly,
  HOUR_MS,
  inZoneRange,
  recordedClicksForSuite,
  ZONES,
} from '../support/recorded-clicks';

/** The recorded period's length in days: three whole weeks and more, whatever weekday it starts on. */
const DAYS = 24;
const VN_HEADER =
  'ID đơn hàng,Trạng thái đặt hàng,Checkout id,Thời Gian Đặt Hàng,Thời gian hoàn thành,Thời gian Click,Tên Shop,Shop id,Item id,Tên Item,ID Model,Giá(₫),Số lượng,Giá trị đơn hàng (₫),Tổng hoa hồng sản phẩm(₫),Hoa hồng ròng tiếp thị liên kết(₫),Trạng thái sản phẩm liên kết,Sub_id1,Sub_id2,Sub_id3,Sub_id4,Sub_id5,Kênh';
const STATUSES = ['Hoàn thành', 'Đang chờ xử lý', 'Đã hủy'];
/** The keys of an `order_weeks` row, over `order_lines` (the oracle: the figures of each week's lines). */
const WEEK_KEYS = {
  member_id: 'member_id',
  week: `date_trunc('week', purchased_at AT TIME ZONE 'UTC')::date`,
  sub_id: 'sub_id',
  marketplace: 'marketplace',
};

/**
 * The summaries a long range reads: the weekly ones (`click_weeks`, `click_link_weeks`, `order_weeks`: a range
 * holding whole UTC weeks reads them for those weeks, the daily summaries for its other days and the hourly ones
 * (or the detail) for its edge hours) and the hourly ones per dimension value (`click_country_hours`…). Every
 * figure they serve is compared with the same figure computed from the detail (`click_hours`, `order_lines`) over
 * ranges that start and end inside weeks and UTC days, in four zones; after a second import changes orders, and
 * after the retention rolls the clicks' hours into days.
 */
describe('Weekly and per-dimension summaries: the same figures as the detail over long ranges', () => {
  // The recorded period's first UTC day: 60 days ago (its hours are older than the 35-day retention).
  const { t, recorded } = recordedClicksForSuite({ prefix: 'Week', daysAgo: 60, days: DAYS, extraEvery: 5 }, 180_000);

  /** A Shopee VN export of orders spread over the period (local times), `changed`: some statuses and amounts changed. */
  const report = (changed: boolean): Buffer => {
    const lines = [`\uFEFF${VN_HEADER}`];
    for (let i = 0; i < 90; i += 1) {
      // Every 6 to 7 hours over the period, at various minutes; 1 or 2 items per order.
      const at = new Date(recorded.first.getTime() + 7 * HOUR_MS + i * 6.4 * HOUR_MS + (i % 4) * 15 * 60_000);
      const local = new Date(at.getTime() + 7 * HOUR_MS).toISOString().slice(0, 19).replace('T', ' ');
      const status = STATUSES[changed && i % 5 === 0 ? 2 : i % 3];
      const [sub1, sub2] = [
        ['fb', 'post1'],
        ['zalo', ''],
        ['', ''],
      ][i % 3 === 1 ? 0 : i % 7 === 0 ? 2 : 1];
      const commission = changed && i % 4 === 1 ? 7000 : 5000;
      for (let item = 0; item < 1 + (i % 2); item += 1) {
        lines.push(
          `W${i},${status},${i},${local},,${local},Shop ${i % 3},${100 + (i % 3)},${5001 + item},Item ${item},0,100000,1,100000,${commission},${commission},${status},${sub1},${sub2},,,,Facebook`,
        );
      }
    }
    return Buffer.from(lines.join('\r\n'), 'utf8');
  };

  const importReport = async (changed: boolean) => {
    const res = await t.importReport(recorded.member, '?apply=true', report(changed));
    expect(res.status).toBe(200);
    return res.body as { rows_read: number; new: number; updated: number };
  };

  beforeAll(async () => {
    expect((await importReport(false)).rows_read).toBeGreaterThan(100);
  }, 180_000);

  const day = (offset: number) => new Date(recorded.first.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  /** Ranges holding one to three whole UTC weeks, starting and ending inside weeks and (in a zone) inside UTC days. */
  const RANGES: Array<[number, number]> = [
    [1, 22],
    [3, 12],
    [0, DAYS - 1],
  ];

  const get = async (query: string) => {
    const res = await t.send(
      t.http
        .get(`/api/analytics?limit=1000&${query}`)
        .set('X-API-Key', recorded.member.apiKey)
        .set('X-API-Token', recorded.member.apiToken),
    );
    expect(res.status).toBe(200);
    return res.body.rows as Array<{
      key: string;
      clicks: number | null;
      bot_clicks: number | null;
      orders: number | null;
      cancelled_orders: number | null;
      amounts: Array<{
        currency: string;
        gmv: string;
        commission_pending: string;
        commission_completed: string;
        commission_cancelled: string;
      }> | null;
    }>;
  };

  /** Clicks by key as the api answers them (rows with clicks only). */
  const clicks = (query: string) => apiClicks(t, recorded.member, query);

  /** The same clicks from `click_hours` alone. */
  const detailClicksOf = (key: string, zone: string, from: number, to: number, filter = '', value?: string) =>
    detailClicks(t, recorded.member, { key, zone, start: day(from), end: day(to) }, filter, value);

  /** Orders and money by sub id as the api answers them. */
  const orders = async (query: string) =>
    Object.fromEntries(
      (await get(`event=orders,commission&groupBy=sub_id&${query}`))
        .filter((r) => (r.orders ?? 0) + (r.cancelled_orders ?? 0) > 0)
        .map((r) => [
          r.key,
          [
            r.orders,
            r.cancelled_orders,
            ...(r.amounts ?? []).flatMap((a) => [
              a.currency,
              a.gmv,
              a.commission_pending,
              a.commission_completed,
              a.commission_cancelled,
            ]),
          ],
        ]),
    );

  /** The same from `order_lines` alone, with the figures' own definitions (`orderFigures`). */
  const detailOrders = async (zone: string, from: number, to: number) => {
    const rows: Array<Record<string, string>> = await t.dataSource.query(
      `SELECT key, orders::int, all_orders::int, currency, trim_scale(gmv)::text AS gmv, trim_scale(pending)::text AS pending,
              trim_scale(completed)::text AS completed, trim_scale(cancelled)::text AS cancelled
         FROM (${orderFigures({ key: 'sub_id' }, `member_id = $1 AND ${inZoneRange('purchased_at')}`)}) AS f ORDER BY key, currency`,
      [recorded.member.member.id, day(from), day(to), zone],
    );
    return Object.fromEntries(
      rows.map((r) => [
        r.key,
        [r.orders, Number(r.all_orders) - Number(r.orders), r.currency, r.gmv, r.pending, r.completed, r.cancelled],
      ]),
    );
  };

  const compareAll = async () => {
    let compared = 0;
    // And two whole UTC weeks exactly (from the first Monday): in UTC, weeks only, no day or hour at the edges.
    const monday = (8 - recorded.first.getUTCDay()) % 7;
    for (const [from, to] of [...RANGES, [monday, monday + 13]]) {
      for (const zone of ZONES) {
        const asked = `start=${day(from)}&end=${day(to)}&timezone=${zone}`;
        for (const [group, key] of [
          ['sub_id', 'sub_id'],
          ['link', 'short_link_id::text'],
          ['item', `marketplace || ':' || item_id`],
        ]) {
          const expected = await detailClicksOf(key, zone, from, to);
          expect(await clicks(`groupBy=${group}&${asked}`)).toEqual(expected);
          compared += Object.keys(expected).length;
        }
        for (const dimension of ['country', 'device', 'os', 'browser', 'referrer']) {
          const expected = await detailClicksOf(dimension, zone, from, to);
          expect(Object.keys(expected).length).toBeGreaterThan(1);
          expect(await clicks(`groupBy=${dimension}&${asked}`)).toEqual(expected);
          expect(await clicks(`groupBy=${dimension}&marketplace=lazada&${asked}`)).toEqual(
            await detailClicksOf(dimension, zone, from, to, ' AND marketplace = $5', 'lazada'),
          );
          compared += Object.keys(expected).length;
        }
        expect(await clicks(`groupBy=sub_id&sub_id_position=1&${asked}`)).toEqual(
          await detailClicksOf(`split_part(sub_id, '-', 1)`, zone, from, to),
        );
        expect(await clicks(`groupBy=sub_id&marketplace=shopee&${asked}`)).toEqual(
          await detailClicksOf('sub_id', zone, from, to, ' AND marketplace = $5', 'shopee'),
        );
        expect(await clicks(`groupBy=link&sub_id=fb-post1&${asked}`)).toEqual(
          await detailClicksOf('short_link_id::text', zone, from, to, ' AND sub_id = $5', 'fb-post1'),
        );
        expect(await clicks(`groupBy=sub_id&link=${recorded.links[1]}&${asked}`)).toEqual(
          await detailClicksOf('sub_id', zone, from, to, ' AND short_link_id = $5::bigint', recorded.links[1]),
        );
        expect(await clicks(`groupBy=count&item=5002&${asked}`)).toEqual(
          await detailClicksOf(`''`, zone, from, to, ' AND item_id = $5', '5002'),
        );
        const expectedOrders = await detailOrders(zone, from, to);
        expect(Object.keys(expectedOrders).length).toBeGreaterThan(1);
        expect(await orders(asked)).toEqual(expectedOrders);
        compared += Object.keys(expectedOrders).length;
      }
    }
    return compared;
  };

  /** `order_weeks` as stored, and as computed again from every `order_lines` row of the member. */
  const orderWeeks = async () => {
    const columns = `week::text, sub_id, marketplace, currency, orders::int, all_orders::int, gmv::text, pending::text,
                     completed::text, cancelled::text`;
    const order = 'ORDER BY week, sub_id, marketplace, currency';
    const stored = await t.dataSource.query(`SELECT ${columns} FROM order_weeks WHERE member_id = $1 ${order}`, [
      recorded.member.member.id,
    ]);
    const computed = await t.dataSource.query(
      `SELECT ${columns} FROM (${orderFigures(WEEK_KEYS, 'member_id = $1')}) AS f ${order}`,
      [recorded.member.member.id],
    );
    return { stored, computed };
  };

  it('answers clicks by sub id, link, item and dimension, orders and money as the detail does', async () => {
    const [{ weeks }] = await t.dataSource.query(
      'SELECT count(DISTINCT week)::int AS weeks FROM click_link_weeks WHERE member_id = $1',
      [recorded.member.member.id],
    );
    expect(weeks).toBeGreaterThanOrEqual(4);
    expect(await compareAll()).toBeGreaterThan(100);
    const { stored, computed } = await orderWeeks();
    expect(stored.length).toBeGreaterThanOrEqual(8);
    expect(stored).toEqual(computed);
  });

  it('keeps order_weeks when a later export changes statuses and amounts', async () => {
    const before = await orderWeeks();
    const summary = await importReport(true);
    expect(summary.new).toBe(0);
    expect(summary.updated).toBeGreaterThan(10);
    const { stored, computed } = await orderWeeks();
    expect(stored).not.toEqual(before.stored);
    expect(stored).toEqual(computed);
    expect(await compareAll()).toBeGreaterThan(0);
  });

  it('still answers as the detail after the retention rolled the hours into days', async () => {
    expect(await t.app.get(ClickRetention).rollUp()).toBeGreaterThan(100);
    for (const dimension of ['country', 'device', 'os', 'browser', 'referrer']) {
      await expectWholeDaysOnly(t, `click_${dimension}_hours`, recorded.member);
    }
    expect(await compareAll()).toBeGreaterThan(0);
  });
});
