import { CLICK_SUMMARY_TABLES, ClickRecorder, ClickRetention } from '@app/analytics/testing';
import type { IncomingMessage } from 'node:http';
import { createTestApp, TestApp, TestMember } from '../support/test-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
/** Zones whose days start inside a UTC day (+7, +5:30, −3) and UTC itself. */
const ZONES = ['UTC', 'Asia/Ho_Chi_Minh', 'Asia/Kolkata', 'America/Sao_Paulo'];
/** The figures' key for each grouping, as the detail `click_hours` gives it (the oracle of this test). */
const DETAIL_KEY: Record<string, string> = {
  count: `''`,
  sub_id: 'sub_id',
  link: 'short_link_id::text',
  item: `marketplace || ':' || item_id`,
  marketplace: 'marketplace',
};

/**
 * The click summaries (`click_days`, `click_member_hours`, `click_sub_hours`, `click_link_days`) written by the real flush answer
 * exactly what the detail `click_hours` answers: every grouping the summaries serve, in time zones whose days
 * start inside a UTC day (the edge hours then come from the detail), before and after the retention rolls the
 * hours into days.
 */
describe('Click summaries: the same figures as the hourly detail', () => {
  let t: TestApp;
  let member: TestMember;
  let links: string[];
  /** The recorded period: 46 days ago, for 5 days (older than the 35-day hourly retention). */
  let first: Date;

  beforeAll(async () => {
    t = await createTestApp({
      CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000',
      CLICK_FLUSH_INTERVAL_MS: '300000',
      // Some 400 calls: the limits are not what is tested.
      RATE_LIMIT_FREE_PER_KEY: '100000',
      RATE_LIMIT_FREE_PER_MEMBER: '100000',
    });
    member = await t.createMember();
    links = [];
    for (const [code, target, subId] of [
      ['SumA1', 'https://shopee.vn/x-i.111.5001', 'fb-post1'],
      ['SumB2', 'https://shopee.vn/x-i.111.5002', 'fb-post1'],
      ['SumC3', 'https://www.lazada.vn/products/x-i7001-s8001.html', 'zalo'],
    ]) {
      const [{ id }] = await t.dataSource.query(
        `INSERT INTO short_links (member_id, domain, code, target, sub_id) VALUES ($1, '', $2, $3, $4) RETURNING id::text AS id`,
        [member.member.id, code, target, subId],
      );
      links.push(id as string);
    }
    const recorder = t.app.get(ClickRecorder);
    const request = (agent: string, referer?: string) =>
      ({ headers: { 'user-agent': agent, ...(referer ? { referer } : {}) } }) as unknown as IncomingMessage;
    // Back to the start of a UTC day 46 days ago, then clicks in 5 days of hours: every link in its own hours,
    // people and bots, two agents and referrers (several detail rows per link and hour).
    const now = t.clock.now().getTime();
    first = new Date(Math.floor(now / DAY_MS - 46) * DAY_MS);
    t.clock.advance(first.getTime() - now);
    for (let hour = 0; hour < 5 * 24; hour += 1) {
      for (const [i, link] of links.entries()) {
        if ((hour + i) % (i + 2) !== 0) continue;
        recorder.record(link, request(IPHONE, 'https://m.facebook.com/x'), '14.160.0.1', false);
        recorder.record(link, request(FIREFOX), '1.1.1.1', hour % 7 === 0);
        if (hour % 3 === 0) recorder.record(link, request(IPHONE), '14.160.0.1', false);
      }
      t.clock.advance(HOUR_MS);
    }
    t.clock.advance(now - t.clock.now().getTime());
    await recorder.flush();
    expect(recorder.pendingClicks).toBe(0);
  }, 120_000);
  afterAll(() => t.close());

  const day = (offset: number) => new Date(first.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

  /** The figures of a query, as the api answers them (rows with clicks only: a timeseries is zero-filled). */
  const answer = async (query: string): Promise<Record<string, [number, number]>> => {
    const res = await t.send(
      t.http
        .get(`/api/analytics?event=clicks&limit=1000&${query}`)
        .set('X-API-Key', member.apiKey)
        .set('X-API-Token', member.apiToken),
    );
    expect(res.status).toBe(200);
    const rows = res.body.rows as Array<{ key: string; clicks: number; bot_clicks: number }>;
    return Object.fromEntries(
      rows.filter((r) => r.clicks > 0 || r.bot_clicks > 0).map((r) => [r.key, [r.clicks, r.bot_clicks]]),
    );
  };

  /** The same figures computed from `click_hours` alone. */
  const detail = async (
    key: string,
    zone: string,
    start: string,
    end: string,
    filter = '',
    filterValue?: string,
  ): Promise<Record<string, [number, number]>> => {
    const params: unknown[] = [member.member.id, start, end, zone];
    if (filterValue !== undefined) params.push(filterValue);
    const rows: Array<{ key: string; clicks: number; bot_clicks: number }> = await t.dataSource.query(
      `SELECT ${key} AS key, (COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0))::int AS clicks,
              (COALESCE(SUM(clicks) FILTER (WHERE bot), 0))::int AS bot_clicks
         FROM click_hours
        WHERE member_id = $1 AND hour >= ($2::date::timestamp AT TIME ZONE $4)
          AND hour < (($3::date + 1)::timestamp AT TIME ZONE $4)${filter}
        GROUP BY 1`,
      params,
    );
    return Object.fromEntries(rows.map((r) => [r.key, [r.clicks, r.bot_clicks]]));
  };

  const compareAll = async () => {
    let compared = 0;
    // Ranges that start and end inside the recorded days, and one that holds them all.
    for (const [from, to] of [
      [1, 3],
      [0, 4],
      [2, 2],
    ]) {
      const range = `start=${day(from)}&end=${day(to)}`;
      for (const zone of ZONES) {
        const asked = `${range}&timezone=${zone}`;
        for (const [group, key] of Object.entries(DETAIL_KEY)) {
          const expected = await detail(key, zone, day(from), day(to));
          expect(await answer(`groupBy=${group}&${asked}`)).toEqual(expected);
          compared += Object.keys(expected).length;
        }
        for (const interval of ['hour', 'day', 'week']) {
          const key = `to_char(date_trunc('${interval}', hour AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:MI')`;
          expect(await answer(`groupBy=timeseries&interval=${interval}&${asked}`)).toEqual(
            await detail(key, zone, day(from), day(to)),
          );
        }
        // Filters the per-link summary has (a link, an item, a sub id), and a marketplace.
        expect(await answer(`groupBy=sub_id&link=${links[1]}&${asked}`)).toEqual(
          await detail('sub_id', zone, day(from), day(to), ' AND short_link_id = $5::bigint', links[1]),
        );
        expect(await answer(`groupBy=link&sub_id=fb-post1&${asked}`)).toEqual(
          await detail('short_link_id::text', zone, day(from), day(to), ' AND sub_id = $5', 'fb-post1'),
        );
        expect(await answer(`groupBy=count&item=5002&${asked}`)).toEqual(
          await detail(`''`, zone, day(from), day(to), ' AND item_id = $5', '5002'),
        );
        for (const interval of ['hour', 'day']) {
          expect(await answer(`groupBy=timeseries&interval=${interval}&sub_id=zalo&${asked}`)).toEqual(
            await detail(
              `to_char(date_trunc('${interval}', hour AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:MI')`,
              zone,
              day(from),
              day(to),
              ' AND sub_id = $5',
              'zalo',
            ),
          );
        }
        expect(await answer(`groupBy=timeseries&marketplace=lazada&${asked}`)).toEqual(
          await detail(
            `to_char(date_trunc('day', hour AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:MI')`,
            zone,
            day(from),
            day(to),
            ' AND marketplace = $5',
            'lazada',
          ),
        );
      }
    }
    return compared;
  };

  it('answers every grouping in every zone as the detail does, with edge hours', async () => {
    const [{ n }] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM click_hours WHERE member_id = $1 AND hour <> date_trunc($2, hour, $3)',
      [member.member.id, 'day', 'UTC'],
    );
    expect(n).toBeGreaterThan(100);
    expect(await compareAll()).toBeGreaterThan(50);
    const sums = async (table: string) =>
      (
        await t.dataSource.query(
          `SELECT SUM(clicks)::int AS clicks, SUM(bot_clicks)::int AS bots FROM ${table} WHERE member_id = $1`,
          [member.member.id],
        )
      )[0];
    const total = (
      await t.dataSource.query(
        `SELECT (SUM(clicks) FILTER (WHERE NOT bot))::int AS clicks, (SUM(clicks) FILTER (WHERE bot))::int AS bots
           FROM click_hours WHERE member_id = $1`,
        [member.member.id],
      )
    )[0];
    for (const table of CLICK_SUMMARY_TABLES) expect(await sums(table)).toEqual(total);
  });

  it('still does after the retention rolled the hours into days (the member hours move with them)', async () => {
    expect(await t.app.get(ClickRetention).rollUp()).toBeGreaterThan(100);
    for (const table of ['click_member_hours', 'click_sub_hours']) {
      const [{ hours, zeros }] = await t.dataSource.query(
        `SELECT count(*) FILTER (WHERE hour <> date_trunc('day', hour, 'UTC'))::int AS hours,
                count(*) FILTER (WHERE clicks = 0 AND bot_clicks = 0)::int AS zeros
           FROM ${table} WHERE member_id = $1`,
        [member.member.id],
      );
      expect({ table, hours, zeros }).toEqual({ table, hours: 0, zeros: 0 });
    }
    expect(await compareAll()).toBeGreaterThan(0);
    expect(await t.app.get(ClickRetention).rollUp()).toBe(0);
  });
});
