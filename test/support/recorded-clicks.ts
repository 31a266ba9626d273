import { ClickRecorder } from '@app/analytics/testing';
import type { IncomingMessage } from 'node:http';
import { type TestApp, testAppForSuite, type TestMember } from './test-app';
import { insertShortLink } from './short-links';

/**
 * Clicks recorded through the real recorder and flush, for the tests that compare the click summaries with the
 * detail `click_hours`: the links, the recording over past days, and the two ways to read a figure (the api's
 * answer, and the same figure from `click_hours` alone).
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
/** Zones whose days start inside a UTC day (+7, +5:30, −3) and UTC itself. */
export const ZONES = ['UTC', 'Asia/Ho_Chi_Minh', 'Asia/Kolkata', 'America/Sao_Paulo'];

/** The test app's settings: flushes only when the test asks, limits high enough for some 400 calls. */
export const RECORDED_CLICKS_ENV = {
  CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: '300000',
  CLICK_FLUSH_INTERVAL_MS: '300000',
  RATE_LIMIT_FREE_PER_KEY: '100000',
  RATE_LIMIT_FREE_PER_MEMBER: '100000',
};

/** Clicks by key: people's and bots'. */
export type ClickFigures = Record<string, [number, number]>;

/** The Shopee affiliate redirect to item `item` of shop 111: the target the analytics tests' links point at. */
export const affiliateRedirectTo = (item: string) =>
  `https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fx-i.111.${item}&affiliate_id=1`;

/**
 * Three links of `member` (two Shopee items with the sub ids `fb-post1`, a Lazada one with `zalo`; codes
 * `<prefix>A1`…), then clicks over `days` days from the start of the UTC day `daysAgo` days back: every link in its
 * own hours, people and bots, two agents and referrers (several detail rows per link and hour), one more click
 * every `extraEvery` hours; flushed. The clock is back at now afterwards.
 */
export async function recordClicks(
  t: TestApp,
  member: TestMember,
  options: { prefix: string; daysAgo: number; days: number; extraEvery: number },
): Promise<{ links: string[]; first: Date }> {
  const links: string[] = [];
  for (const [code, target, subId] of [
    [`${options.prefix}A1`, 'https://shopee.vn/x-i.111.5001', 'fb-post1'],
    [`${options.prefix}B2`, 'https://shopee.vn/x-i.111.5002', 'fb-post1'],
    [`${options.prefix}C3`, 'https://www.lazada.vn/products/x-i7001-s8001.html', 'zalo'],
  ]) {
    links.push(await insertShortLink(t, member.member.id, { code, target, subId }));
  }
  const recorder = t.app.get(ClickRecorder);
  const request = (agent: string, referer?: string) =>
    ({ headers: { 'user-agent': agent, ...(referer ? { referer } : {}) } }) as unknown as IncomingMessage;
  const now = t.clock.now().getTime();
  const first = new Date(Math.floor(now / DAY_MS - options.daysAgo) * DAY_MS);
  t.clock.advance(first.getTime() - now);
  for (let hour = 0; hour < options.days * 24; hour += 1) {
    for (const [i, link] of links.entries()) {
      if ((hour + i) % (i + 2) !== 0) continue;
      recorder.record(link, request(IPHONE, 'https://m.facebook.com/x'), '14.160.0.1', false);
      recorder.record(link, request(FIREFOX), '1.1.1.1', hour % 7 === 0);
      if (hour % options.extraEvery === 0) recorder.record(link, request(IPHONE), '14.160.0.1', false);
    }
    t.clock.advance(HOUR_MS);
  }
  t.clock.advance(now - t.clock.now().getTime());
  await recorder.flush();
  expect(recorder.pendingClicks).toBe(0);
  return { links, first };
}

/** What `recordedClicksForSuite` made: the member, their links and the recorded period's first UTC day. */
export interface RecordedClicks {
  member: TestMember;
  links: string[];
  first: Date;
}

/**
 * The test app of a describe block (`RECORDED_CLICKS_ENV`) and what its `beforeAll` records: a member and
 * `recordClicks` of theirs with `options`. Both are ready in the block's later hooks and its tests.
 */
export function recordedClicksForSuite(
  options: Parameters<typeof recordClicks>[2],
  timeout: number,
): { t: TestApp; recorded: RecordedClicks } {
  const t = testAppForSuite(RECORDED_CLICKS_ENV, { timeout });
  const recorded = {} as RecordedClicks;
  beforeAll(async () => {
    const member = await t.createMember();
    Object.assign(recorded, { member }, await recordClicks(t, member, options));
  }, timeout);
  return { t, recorded };
}

/** After the retention's roll-up: `table` holds only whole UTC days of `member`'s clicks, and no row of none. */
export async function expectWholeDaysOnly(t: TestApp, table: string, member: TestMember): Promise<void> {
  const [{ hours, zeros }] = await t.dataSource.query(
    `SELECT count(*) FILTER (WHERE hour <> date_trunc('day', hour, 'UTC'))::int AS hours,
            count(*) FILTER (WHERE clicks = 0 AND bot_clicks = 0)::int AS zeros
       FROM ${table} WHERE member_id = $1`,
    [member.member.id],
  );
  expect({ table, hours, zeros }).toEqual({ table, hours: 0, zeros: 0 });
}

/** Clicks by key as `GET /api/analytics?event=clicks&…` answers them (rows with clicks only: a timeseries is zero-filled). */
export async function apiClicks(t: TestApp, member: TestMember, query: string): Promise<ClickFigures> {
  const res = await t.send(
    t.http
      .get(`/api/analytics?event=clicks&limit=1000&${query}`)
      .set('X-API-Key', member.apiKey)
      .set('X-API-Token', member.apiToken),
  );
  expect(res.status).toBe(200);
  const rows = res.body.rows as Array<{ key: string; clicks: number | null; bot_clicks: number | null }>;
  return Object.fromEntries(
    rows
      .filter((r) => (r.clicks ?? 0) > 0 || (r.bot_clicks ?? 0) > 0)
      .map((r) => [r.key, [r.clicks ?? 0, r.bot_clicks ?? 0]]),
  );
}

/** The range from `start` to `end` (days, inclusive) in `zone`, as a condition on a time column (`$2`…`$4`). */
export const inZoneRange = (column: string) =>
  `${column} >= ($2::date::timestamp AT TIME ZONE $4) AND ${column} < (($3::date + 1)::timestamp AT TIME ZONE $4)`;

/**
 * The same clicks from `click_hours` alone: by `key` (an expression over its rows; `$4` is the zone), in the range,
 * with `filter` (` AND …`, its value `$5`).
 */
export async function detailClicks(
  t: TestApp,
  member: TestMember,
  range: { key: string; zone: string; start: string; end: string },
  filter = '',
  value?: string,
): Promise<ClickFigures> {
  const rows: Array<{ key: string; clicks: number; bot_clicks: number }> = await t.dataSource.query(
    `SELECT ${range.key} AS key, (COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0))::int AS clicks,
            (COALESCE(SUM(clicks) FILTER (WHERE bot), 0))::int AS bot_clicks
       FROM click_hours WHERE member_id = $1 AND ${inZoneRange('hour')}${filter} GROUP BY 1`,
    [member.member.id, range.start, range.end, range.zone, ...(value === undefined ? [] : [value])],
  );
  return Object.fromEntries(rows.map((r) => [r.key, [r.clicks, r.bot_clicks]]));
}
