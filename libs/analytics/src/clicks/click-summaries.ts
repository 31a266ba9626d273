/**
 * The click summaries kept beside `click_hours`, each defined once here as the upsert of a relation of
 * `click_hours`-shaped rows (`short_link_id, hour, bot, member_id, sub_id, marketplace, item_id, clicks`): the flush
 * runs them on the combinations it writes (in its one statement), their migrations on the rows already recorded,
 * and the analytics bench on its seed. A summary row is the sum of the `click_hours` rows of its key, so a figure
 * read from it is the figure read from the detail (docs/analytics.md, "Where the next wall is"):
 *
 * - `click_days`: per member, UTC day, sub id combination and marketplace (grouped by sub id, marketplace, count);
 * - `click_member_hours`: per member, UTC hour and marketplace (a timeseries or a count in any time zone: 24 rows a
 *   day, whatever the number of links);
 * - `click_sub_hours`: per member, UTC hour, sub id combination and marketplace (the edge hours of a time zone's
 *   range beside `click_days`, a timeseries of one sub id);
 * - `click_link_days`: per member, UTC day and link, with the link's sub ids, marketplace and item (grouped by link
 *   or item, or filtered by them);
 * - `click_weeks` and `click_link_weeks`: the same as `click_days` and `click_link_days` per UTC week (from Monday,
 *   keyed by the date of its Monday): a long range reads its whole weeks there, and only the days and hours at its
 *   edges from the daily and hourly summaries (a row per key and week instead of seven).
 *
 * People's and bots' clicks apart, as everywhere. Rows are upserted in key order (two flushes of two instances
 * lock the rows they share in the same order).
 */
export const CLICK_SUMMARY_TABLES = [
  'click_days',
  'click_member_hours',
  'click_sub_hours',
  'click_link_days',
  'click_weeks',
  'click_link_weeks',
] as const;
/** The hourly summaries and their keys (the retention moves their old hours into days, as it does the detail's). */
const HOURLY: Partial<Record<ClickSummaryTable, string[]>> = {
  click_member_hours: ['member_id', 'hour', 'marketplace'],
  click_sub_hours: ['member_id', 'hour', 'sub_id', 'marketplace'],
};
export type ClickSummaryTable = (typeof CLICK_SUMMARY_TABLES)[number];

const SUMS = `COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0) AS clicks,
       COALESCE(SUM(clicks) FILTER (WHERE bot), 0) AS bot_clicks`;
const ADD = 'clicks = s.clicks + EXCLUDED.clicks, bot_clicks = s.bot_clicks + EXCLUDED.bot_clicks';
/** The UTC period of an hour, as a date: its day, or its week's Monday (weeks start on Monday, as ISO's). */
const UTC_PERIOD = {
  day: `(hour AT TIME ZONE 'UTC')::date`,
  week: `date_trunc('week', hour AT TIME ZONE 'UTC')::date`,
} as const;

/** The upsert of `table`'s rows summing the rows of `source` (a table name, a CTE, or `(SELECT …) AS name`). */
export function summaryUpsert(table: ClickSummaryTable, source: string): string {
  switch (table) {
    case 'click_days':
    case 'click_weeks': {
      const period = table === 'click_days' ? 'day' : 'week';
      return `INSERT INTO ${table} AS s (member_id, ${period}, sub_id, marketplace, clicks, bot_clicks)
SELECT member_id, ${UTC_PERIOD[period]}, sub_id, marketplace, ${SUMS} FROM ${source} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
ON CONFLICT (member_id, ${period}, sub_id, marketplace) DO UPDATE SET ${ADD}`;
    }
    case 'click_member_hours':
      return `INSERT INTO click_member_hours AS s (member_id, hour, marketplace, clicks, bot_clicks)
SELECT member_id, hour, marketplace, ${SUMS} FROM ${source} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
ON CONFLICT (member_id, hour, marketplace) DO UPDATE SET ${ADD}`;
    case 'click_sub_hours':
      return `INSERT INTO click_sub_hours AS s (member_id, hour, sub_id, marketplace, clicks, bot_clicks)
SELECT member_id, hour, sub_id, marketplace, ${SUMS} FROM ${source} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
ON CONFLICT (member_id, hour, sub_id, marketplace) DO UPDATE SET ${ADD}`;
    case 'click_link_days':
    case 'click_link_weeks': {
      const period = table === 'click_link_days' ? 'day' : 'week';
      return `INSERT INTO ${table} AS s (member_id, ${period}, short_link_id, sub_id, marketplace, item_id, clicks, bot_clicks)
SELECT member_id, ${UTC_PERIOD[period]}, short_link_id, min(sub_id), min(marketplace), min(item_id), ${SUMS}
  FROM ${source} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
ON CONFLICT (member_id, ${period}, short_link_id) DO UPDATE SET ${ADD}`;
    }
  }
}

/** Every summary's upsert from `source`, as CTEs of one statement (`name AS (upsert)`, comma-separated). */
export function summaryUpsertCtes(source: string): string {
  return CLICK_SUMMARY_TABLES.map((table) => `${table}_sums AS (${summaryUpsert(table, source)})`).join(',\n');
}

/**
 * What the retention does to the summaries when it rolls `moved` (the hourly `click_hours` rows it deleted) into
 * one row per UTC day at 00:00: the same move in the hourly summaries (the daily and weekly ones are unchanged: the
 * clicks stay in their UTC day and week), as CTEs of the retention's statement, so the detail and the summaries move together.
 * Rows left at zero are removed afterwards (`emptiedHoursSql`).
 */
export function summaryRollUpCtes(moved: string): string {
  return Object.entries(HOURLY)
    .map(([table, keys]) => {
      const list = keys.join(', ');
      const numbers = keys.map((_, i) => i + 1).join(', ');
      const match = keys.map((k) => `m.${k} = o.${k}`).join(' AND ');
      const dayKeys = keys.map((k) => (k === 'hour' ? `date_trunc('day', hour, 'UTC') AS hour` : k)).join(', ');
      return `${table}_out AS (
  UPDATE ${table} AS m SET clicks = m.clicks - o.clicks, bot_clicks = m.bot_clicks - o.bot_clicks
    FROM (SELECT ${list}, ${SUMS} FROM ${moved} GROUP BY ${numbers}) AS o
   WHERE ${match}),
${table}_in AS (${summaryUpsert(table as ClickSummaryTable, `(SELECT ${dayKeys}, bot, clicks FROM ${moved}) AS moved_days`)})`;
    })
    .join(',\n');
}

/** Removes the hourly summary rows the retention emptied (before `$1`, never a day's 00:00 row). */
export function emptiedHoursSql(): string[] {
  return Object.keys(HOURLY).map(
    (table) => `DELETE FROM ${table}
  WHERE hour < $1 AND clicks = 0 AND bot_clicks = 0 AND hour <> date_trunc('day', hour, 'UTC')`,
  );
}
