import { utcMondayOf } from '../clicks/click-summaries';
import { type AnalyticsQuery, CLICK_ONLY_GROUPS } from './analytics-query';

/**
 * The query planner: which table answers a question of `GET /api/analytics`, decided from the query alone (no
 * SQL, no database; unit-tested in `query-plan.spec.ts`). The summaries are sums of the detail
 * (`click-summaries.ts`, `order-figures.ts`): the smallest one that has the query's grouping and filters gives the
 * same figures from far fewer rows. `AnalyticsRepository` runs what this plans.
 */

const DAY_MS = 86_400_000;

/** Whole UTC days (`from`, `to`: dates at 00:00 UTC) read from a daily summary, or whole UTC weeks from a weekly one. */
export interface Period {
  period: 'day' | 'week';
  from: Date;
  to: Date;
}

/**
 * The whole UTC days [ds, de) as summary reads: with `weeks`, the whole weeks (Monday to Monday) inside them as one
 * weekly read and the days before and after them as daily reads (at most 6 days at each end); else one daily
 * read (kept when empty: its key's parameters must be read by a part).
 */
export function periodsOf(ds: Date, de: Date, weeks: boolean): Period[] {
  const ws = new Date(ds.getTime() + ((8 - ds.getUTCDay()) % 7) * DAY_MS);
  const we = utcMondayOf(de);
  if (!weeks || ws >= we) return [{ period: 'day', from: ds, to: de }];
  const periods: Period[] = [{ period: 'week', from: ws, to: we }];
  if (ds < ws) periods.push({ period: 'day', from: ds, to: ws });
  if (we < de) periods.push({ period: 'day', from: we, to: de });
  return periods;
}

/** The hourly summaries of one dimension's values: grouped by it, a row per value and hour. */
export type DimensionSource = `click_${'country' | 'device' | 'os' | 'browser' | 'referrer'}_hours`;
export type ClickSource =
  'click_hours' | 'click_member_hours' | 'click_sub_hours' | DimensionSource | 'click_days' | 'click_link_days';

/** The smallest click table with the query's grouping and filters (see `AnalyticsRepository.clicks`). */
export function clickSource(query: AnalyticsQuery): ClickSource {
  const f = query.filters;
  if (f.country !== undefined || f.device !== undefined) return 'click_hours';
  const perLink = f.linkId !== undefined || f.item !== undefined;
  // A grouping by country, device, OS, browser or referrer, unfiltered or by marketplace: its values' hours.
  if (CLICK_ONLY_GROUPS.has(query.groupBy)) {
    return perLink || f.subId !== undefined ? 'click_hours' : (`click_${query.groupBy}_hours` as DimensionSource);
  }
  if (memberHoursServe(query)) return 'click_member_hours';
  if (!perLink && daysServe(query)) return 'click_days';
  // One sub id's timeseries in a time zone (or by hour): its hours.
  if (!perLink && query.groupBy === 'timeseries') return 'click_sub_hours';
  if (daysServe(query, true)) return 'click_link_days';
  return 'click_hours';
}

/** Whether the hourly member summaries (`click_member_hours`, `order_member_hours`) have the query's grouping. */
export function memberHoursServe(query: AnalyticsQuery): boolean {
  const f = query.filters;
  if (f.subId !== undefined || f.linkId !== undefined || f.item !== undefined) return false;
  if (f.country !== undefined || f.device !== undefined) return false;
  return query.groupBy === 'count' || query.groupBy === 'timeseries' || query.groupBy === 'marketplace';
}

/**
 * Whether a daily summary has the query's grouping and filters: per sub id (`click_days`, `order_days`), or,
 * `perLink`, per link (`click_link_days`, which has the links' sub ids and items too).
 */
export function daysServe(query: AnalyticsQuery, perLink = false): boolean {
  const f = query.filters;
  if (f.country !== undefined || f.device !== undefined) return false;
  if (!perLink && (f.linkId !== undefined || f.item !== undefined)) return false;
  if (query.groupBy === 'count' || query.groupBy === 'sub_id' || query.groupBy === 'marketplace') return true;
  if (perLink && (query.groupBy === 'link' || query.groupBy === 'item')) return true;
  return query.groupBy === 'timeseries' && query.interval !== 'hour' && query.range.zone === 'UTC';
}

/** Where the orders of a query are read (see `AnalyticsRepository.orders`). */
export type OrderSource = 'order_member_hours' | 'order_days' | 'order_lines';

/**
 * The smallest order table with the query's grouping and filters: the hourly member summary for a count, a
 * timeseries or a grouping by marketplace in any zone; the daily summary (its whole weeks from `order_weeks`, its
 * edge hours from `order_lines`) for what it has; else the lines.
 */
export function orderSource(query: AnalyticsQuery): OrderSource {
  if (memberHoursServe(query)) return 'order_member_hours';
  return daysServe(query) ? 'order_days' : 'order_lines';
}
