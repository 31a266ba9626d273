import { CLICK_SUMMARY_TABLES, ClickRetention } from '@app/analytics/testing';
import {
  apiClicks,
  DAY_MS,
  detailClicks,
  expectWholeDaysOnly,
  recordedClicksForSuite,
  ZONES,
} from '../support/recorded-clicks';

/** The timeseries key of `interval`'s buckets in the zone `$4`, as the detail `click_hours` gives it. */
const bucketKey = (interval: string) =>
  `to_char(date_trunc('${interval}', hour AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:MI')`;

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
  // The recorded period: from the start of a UTC day 46 days ago, 5 days of hours (older than the 35-day hourly
  // retention).
  const { t, recorded } = recordedClicksForSuite({ prefix: 'Sum', daysAgo: 46, days: 5, extraEvery: 3 }, 120_000);

  const day = (offset: number) => new Date(recorded.first.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

  /** The figures of a query, as the api answers them. */
  const answer = (query: string) => apiClicks(t, recorded.member, query);

  /** The same figures computed from `click_hours` alone. */
  const detail = (key: string, zone: string, start: string, end: string, filter = '', filterValue?: string) =>
    detailClicks(t, recorded.member, { key, zone, start, end }, filter, filterValue);

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
          expect(await answer(`groupBy=timeseries&interval=${interval}&${asked}`)).toEqual(
            await detail(bucketKey(interval), zone, day(from), day(to)),
          );
        }
        // Filters the per-link summary has (a link, an item, a sub id), and a marketplace.
        expect(await answer(`groupBy=sub_id&link=${recorded.links[1]}&${asked}`)).toEqual(
          await detail('sub_id', zone, day(from), day(to), ' AND short_link_id = $5::bigint', recorded.links[1]),
        );
        expect(await answer(`groupBy=link&sub_id=fb-post1&${asked}`)).toEqual(
          await detail('short_link_id::text', zone, day(from), day(to), ' AND sub_id = $5', 'fb-post1'),
        );
        expect(await answer(`groupBy=count&item=5002&${asked}`)).toEqual(
          await detail(`''`, zone, day(from), day(to), ' AND item_id = $5', '5002'),
        );
        for (const interval of ['hour', 'day']) {
          expect(await answer(`groupBy=timeseries&interval=${interval}&sub_id=zalo&${asked}`)).toEqual(
            await detail(bucketKey(interval), zone, day(from), day(to), ' AND sub_id = $5', 'zalo'),
          );
        }
        expect(await answer(`groupBy=timeseries&marketplace=lazada&${asked}`)).toEqual(
          await detail(bucketKey('day'), zone, day(from), day(to), ' AND marketplace = $5', 'lazada'),
        );
      }
    }
    return compared;
  };

  it('answers every grouping in every zone as the detail does, with edge hours', async () => {
    const [{ n }] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM click_hours WHERE member_id = $1 AND hour <> date_trunc($2, hour, $3)',
      [recorded.member.member.id, 'day', 'UTC'],
    );
    expect(n).toBeGreaterThan(100);
    expect(await compareAll()).toBeGreaterThan(50);
    const sums = async (table: string) =>
      (
        await t.dataSource.query(
          `SELECT SUM(clicks)::int AS clicks, SUM(bot_clicks)::int AS bots FROM ${table} WHERE member_id = $1`,
          [recorded.member.member.id],
        )
      )[0];
    const total = (
      await t.dataSource.query(
        `SELECT (SUM(clicks) FILTER (WHERE NOT bot))::int AS clicks, (SUM(clicks) FILTER (WHERE bot))::int AS bots
           FROM click_hours WHERE member_id = $1`,
        [recorded.member.member.id],
      )
    )[0];
    for (const table of CLICK_SUMMARY_TABLES) expect(await sums(table)).toEqual(total);
  });

  it('still does after the retention rolled the hours into days (the member hours move with them)', async () => {
    expect(await t.app.get(ClickRetention).rollUp()).toBeGreaterThan(100);
    for (const table of ['click_member_hours', 'click_sub_hours']) {
      await expectWholeDaysOnly(t, table, recorded.member);
    }
    expect(await compareAll()).toBeGreaterThan(0);
    expect(await t.app.get(ClickRetention).rollUp()).toBe(0);
  });
});
