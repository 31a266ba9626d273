import type { AnalyticsQuery } from './analytics-query';
import { clickSource, orderSource, periodsOf } from './query-plan';

/** A query of the earnings page: by sub id over a month in UTC, unless told otherwise. */
function query(
  { timezone = 'UTC', ...overrides }: Partial<AnalyticsQuery> & { timezone?: string } = {},
  filters: AnalyticsQuery['filters'] = {},
): AnalyticsQuery {
  return {
    memberId: 'm',
    events: ['clicks', 'orders', 'commission'],
    groupBy: 'sub_id',
    range: { from: '2026-08-01T00:00:00', to: '2026-09-01T00:00:00', zone: timezone },
    interval: 'day',
    filters,
    limit: 100,
    ...overrides,
  };
}

describe('the query planner: which table answers which question', () => {
  it.each([
    ['a count', query({ groupBy: 'count' }), 'click_member_hours', 'order_member_hours'],
    [
      'a timeseries by hour in a zone',
      query({ groupBy: 'timeseries', interval: 'hour', timezone: 'Asia/Ho_Chi_Minh' }),
      'click_member_hours',
      'order_member_hours',
    ],
    [
      'marketplaces, filtered by marketplace',
      query({ groupBy: 'marketplace' }, { marketplace: 'lazada' }),
      'click_member_hours',
      'order_member_hours',
    ],
    ['sub ids', query(), 'click_days', 'order_days'],
    ['sub ids, filtered by currency', query({}, { currency: 'THB' }), 'click_days', 'order_days'],
    ['one sub id slot', query({ subIdPosition: 2 }), 'click_days', 'order_days'],
    ["one sub id's days in UTC", query({ groupBy: 'timeseries' }, { subId: 'fb' }), 'click_days', 'order_days'],
    [
      "one sub id's days in a zone",
      query({ groupBy: 'timeseries', timezone: 'Asia/Bangkok' }, { subId: 'fb' }),
      'click_sub_hours',
      'order_lines',
    ],
    ['links', query({ groupBy: 'link' }), 'click_link_days', 'order_lines'],
    ['items', query({ groupBy: 'item' }), 'click_link_days', 'order_lines'],
    ['sub ids of one link', query({}, { linkId: '7' }), 'click_link_days', 'order_lines'],
    [
      "one item's days in a zone",
      query({ groupBy: 'timeseries', timezone: 'Asia/Bangkok' }, { item: '3001' }),
      'click_hours',
      'order_lines',
    ],
    ['shops', query({ groupBy: 'shop' }), 'click_hours', 'order_lines'],
    ['countries', query({ groupBy: 'country' }), 'click_country_hours', ''],
    ['devices of one marketplace', query({ groupBy: 'device' }, { marketplace: 'shopee' }), 'click_device_hours', ''],
    ['referrers of one sub id', query({ groupBy: 'referrer' }, { subId: 'fb' }), 'click_hours', ''],
    ['browsers of one link', query({ groupBy: 'browser' }, { linkId: '7' }), 'click_hours', ''],
    ['sub ids of one country', query({}, { country: 'VN' }), 'click_hours', ''],
    ['a count of one device', query({ groupBy: 'count' }, { device: 'mobile' }), 'click_hours', ''],
  ] as Array<[string, AnalyticsQuery, string, string]>)('%s: clicks from %s', (_name, asked, clicks, orders) => {
    expect(clickSource(asked)).toBe(clicks);
    // Orders have no country, device, browser, OS or referrer: those are never asked of them (the service answers
    // null); the others read the smallest table that has them.
    if (orders) expect(orderSource(asked)).toBe(orders);
  });

  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const show = (periods: ReturnType<typeof periodsOf>) =>
    periods.map((p) => `${p.period} ${p.from.toISOString().slice(0, 10)}..${p.to.toISOString().slice(0, 10)}`);

  it('reads the whole UTC weeks of a range from a weekly summary and at most 6 days at each end', () => {
    // Saturday 1 August to Tuesday 1 September 2026: weeks from Monday the 3rd to Monday the 31st.
    expect(show(periodsOf(day('2026-08-01'), day('2026-09-01'), true))).toEqual([
      'week 2026-08-03..2026-08-31',
      'day 2026-08-01..2026-08-03',
      'day 2026-08-31..2026-09-01',
    ]);
    // Monday to Monday: weeks only.
    expect(show(periodsOf(day('2026-08-03'), day('2026-08-17'), true))).toEqual(['week 2026-08-03..2026-08-17']);
  });

  it('reads days only for a timeseries, and for a range without a whole week', () => {
    expect(show(periodsOf(day('2026-08-01'), day('2026-09-01'), false))).toEqual(['day 2026-08-01..2026-09-01']);
    expect(show(periodsOf(day('2026-08-04'), day('2026-08-09'), true))).toEqual(['day 2026-08-04..2026-08-09']);
  });
});
