/**
 * The click summaries kept beside `click_hours`, each defined once here as the upsert of a relation of
 * `click_hours`-shaped rows (`short_link_id, hour, country, device, os, browser, referrer, bot, member_id, sub_id,
 * marketplace, item_id, clicks`): the flush
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
 *   edges from the daily and hourly summaries (a row per key and week instead of seven);
 * - `click_country_hours`, `click_device_hours`, `click_os_hours`, `click_browser_hours`, `click_referrer_hours`:
 *   per member, UTC hour, marketplace and value of that dimension (grouped by it in any time zone: a row per value
 *   and hour, whatever the number of links).
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
  'click_country_hours',
  'click_device_hours',
  'click_os_hours',
  'click_browser_hours',
  'click_referrer_hours',
] as const;
export type ClickSummaryTable = (typeof CLICK_SUMMARY_TABLES)[number];

/** The UTC period of an hour, as a date: its day, or its week's Monday (weeks start on Monday, as ISO's). */
const UTC_PERIOD = {
  day: `(hour AT TIME ZONE 'UTC')::date`,
  week: `date_trunc('week', hour AT TIME ZONE 'UTC')::date`,
} as const;

/**
 * The same week in JavaScript: the Monday, 00:00 UTC, of the UTC week of `date` (as `date_trunc('week')`), for
 * the weeks the queries read and the import recomputes.
 */
export function utcMondayOf(date: Date): Date {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(day - ((date.getUTCDay() + 6) % 7) * 86_400_000);
}

interface Summary {
  /** Its key: column → expression over a `click_hours` row (an hourly summary has `hour`). */
  keys: Record<string, string>;
  /** Columns copied from the rows of a key (a link's sub ids, marketplace and item: one value per link). */
  facts?: string[];
}

const MEMBER = { member_id: 'member_id' };
/** Per member, hour, marketplace and value of one dimension (its `click_hours` column). */
const perValue = (dimension: string): Summary => ({
  keys: { ...MEMBER, hour: 'hour', marketplace: 'marketplace', [dimension]: dimension },
});
const SUMMARIES: Record<ClickSummaryTable, Summary> = {
  click_days: { keys: { ...MEMBER, day: UTC_PERIOD.day, sub_id: 'sub_id', marketplace: 'marketplace' } },
  click_weeks: { keys: { ...MEMBER, week: UTC_PERIOD.week, sub_id: 'sub_id', marketplace: 'marketplace' } },
  click_member_hours: { keys: { ...MEMBER, hour: 'hour', marketplace: 'marketplace' } },
  click_sub_hours: { keys: { ...MEMBER, hour: 'hour', sub_id: 'sub_id', marketplace: 'marketplace' } },
  click_link_days: {
    keys: { ...MEMBER, day: UTC_PERIOD.day, short_link_id: 'short_link_id' },
    facts: ['sub_id', 'marketplace', 'item_id'],
  },
  click_link_weeks: {
    keys: { ...MEMBER, week: UTC_PERIOD.week, short_link_id: 'short_link_id' },
    facts: ['sub_id', 'marketplace', 'item_id'],
  },
  click_country_hours: perValue('country'),
  click_device_hours: perValue('device'),
  click_os_hours: perValue('os'),
  click_browser_hours: perValue('browser'),
  click_referrer_hours: perValue('referrer'),
};
/** The hourly summaries (the retention moves their old hours into days, as it does the detail's). */
const HOURLY = CLICK_SUMMARY_TABLES.filter((table) => 'hour' in SUMMARIES[table].keys);

const SUMS = `COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0) AS clicks,
       COALESCE(SUM(clicks) FILTER (WHERE bot), 0) AS bot_clicks`;
const ADD = 'clicks = s.clicks + EXCLUDED.clicks, bot_clicks = s.bot_clicks + EXCLUDED.bot_clicks';
/** The columns of a `click_hours` row. */
const DETAIL_COLUMNS = [
  'short_link_id',
  'hour',
  'country',
  'device',
  'os',
  'browser',
  'referrer',
  'bot',
  'member_id',
  'sub_id',
  'marketplace',
  'item_id',
  'clicks',
];

/** `table`'s rows summing the rows of `source`: its keys, facts, `clicks` and `bot_clicks`. */
function summaryRows(table: ClickSummaryTable, source: string): string {
  const { keys, facts = [] } = SUMMARIES[table];
  const columns = [
    ...Object.entries(keys).map(([name, expr]) => (name === expr ? name : `${expr} AS ${name}`)),
    ...facts.map((f) => `min(${f}) AS ${f}`),
  ];
  const numbers = Object.keys(keys)
    .map((_, i) => i + 1)
    .join(', ');
  return `SELECT ${columns.join(', ')}, ${SUMS} FROM ${source} GROUP BY ${numbers}`;
}

/** The upsert of `table`'s rows summing the rows of `source` (a table name, a CTE, or `(SELECT …) AS name`). */
export function summaryUpsert(table: ClickSummaryTable, source: string): string {
  const { keys, facts = [] } = SUMMARIES[table];
  const names = Object.keys(keys);
  return `INSERT INTO ${table} AS s (${[...names, ...facts].join(', ')}, clicks, bot_clicks)
${summaryRows(table, source)} ORDER BY ${names.map((_, i) => i + 1).join(', ')}
ON CONFLICT (${names.join(', ')}) DO UPDATE SET ${ADD}`;
}

/** Every summary's upsert from `source`, as CTEs of one statement (`name AS (upsert)`, comma-separated). */
export function summaryUpsertCtes(source: string): string {
  return CLICK_SUMMARY_TABLES.map((table) => `${table}_sums AS (${summaryUpsert(table, source)})`).join(',\n');
}

/**
 * What the retention does to the summaries when it rolls `moved` (the hourly `click_hours` rows it deleted) into
 * one row per UTC day at 00:00: the same move in the hourly summaries (the daily and weekly ones are unchanged: the
 * clicks stay in their UTC day and week), as CTEs of the retention's statement, so the detail and the summaries
 * move together. Rows left at zero are removed afterwards (`emptiedHoursSql`).
 */
export function summaryRollUpCtes(moved: string): string {
  const atDays = DETAIL_COLUMNS.map((c) => (c === 'hour' ? `date_trunc('day', hour, 'UTC') AS hour` : c));
  const movedDays = `(SELECT ${atDays.join(', ')} FROM ${moved}) AS moved_days`;
  return HOURLY.map((table) => {
    const match = Object.keys(SUMMARIES[table].keys)
      .map((k) => `m.${k} = o.${k}`)
      .join(' AND ');
    return `${table}_out AS (
  UPDATE ${table} AS m SET clicks = m.clicks - o.clicks, bot_clicks = m.bot_clicks - o.bot_clicks
    FROM (${summaryRows(table, moved)}) AS o
   WHERE ${match}),
${table}_in AS (${summaryUpsert(table, movedDays)})`;
  }).join(',\n');
}

/** Removes the hourly summary rows the retention emptied (before `$1`, never a day's 00:00 row). */
export function emptiedHoursSql(): string[] {
  return HOURLY.map(
    (table) => `DELETE FROM ${table}
  WHERE hour < $1 AND clicks = 0 AND bot_clicks = 0 AND hour <> date_trunc('day', hour, 'UTC')`,
  );
}
