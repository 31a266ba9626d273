import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException } from '@app/common';
import { ShortLinkService } from '@app/shortlinks';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { utcMondayOf } from '../clicks/click-summaries';
import { csvCell } from '../import/report-values';
import { orderFigures } from './order-figures';
import {
  type AnalyticsAmount,
  type AnalyticsGroup,
  type AnalyticsQuery,
  type AnalyticsRow,
  CLICK_ONLY_GROUPS,
  ORDER_ONLY_GROUPS,
} from './analytics-query';

/** Buckets a timeseries may have (zero-filled). */
const MAX_BUCKETS = 5000;
const DAY_MS = 86_400_000;

interface ClickAgg {
  key: string;
  clicks: string;
  bot_clicks: string;
}

interface OrderAgg {
  key: string;
  currency: string;
  orders: string;
  all_orders: string;
  gmv: string;
  pending: string;
  completed: string;
  cancelled: string;
}

/**
 * The figures of `GET /api/analytics` and the earnings page: clicks from `click_hours` (people and bots apart),
 * orders and money from `order_lines`, grouped by one dimension in the member's time zone. Money stays per
 * currency (a row has one amount per currency, never a sum across them), exact (`numeric` sums, decimal.js
 * divisions). The definitions and their reasons are in docs/analytics.md.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shortLinks: ShortLinkService,
  ) {}

  async figures(query: AnalyticsQuery): Promise<AnalyticsRow[]> {
    await this.checkTimezone(query.timezone);
    const wantClicks = !ORDER_ONLY_GROUPS.has(query.groupBy) && !this.filtersOnlyOrders(query);
    const wantOrders =
      (query.events.includes('orders') || query.events.includes('commission')) &&
      !CLICK_ONLY_GROUPS.has(query.groupBy) &&
      query.filters.country === undefined &&
      query.filters.device === undefined;
    let clicks: ClickAgg[] = [];
    let orders: OrderAgg[] = [];
    try {
      [clicks, orders] = await Promise.all([
        wantClicks ? this.clicks(query) : Promise.resolve([]),
        wantOrders ? this.orders(query) : Promise.resolve([]),
      ]);
    } catch (error) {
      // A zone Intl knows and PostgreSQL does not (22023: invalid_parameter_value).
      if ((error as { code?: string }).code === '22023') {
        throw new AppException(
          'invalid_request',
          `timezone "${query.timezone.slice(0, 64)}" is not known to the database`,
        );
      }
      throw error;
    }
    const rows = new Map<string, AnalyticsRow>();
    const row = (key: string): AnalyticsRow => {
      let found = rows.get(key);
      if (!found) {
        found = {
          key,
          label: null,
          clicks: wantClicks ? 0 : null,
          bot_clicks: wantClicks ? 0 : null,
          orders: wantOrders ? 0 : null,
          cancelled_orders: wantOrders ? 0 : null,
          conversion_rate: null,
          amounts: wantOrders ? [] : null,
        };
        rows.set(key, found);
      }
      return found;
    };
    for (const c of clicks) {
      const r = row(c.key);
      r.clicks = Number(c.clicks);
      r.bot_clicks = Number(c.bot_clicks);
    }
    const nets = new Map<string, Decimal[]>();
    for (const o of orders) {
      const r = row(o.key);
      r.orders = (r.orders ?? 0) + Number(o.orders);
      r.cancelled_orders = (r.cancelled_orders ?? 0) + Number(o.all_orders) - Number(o.orders);
      const pending = new Decimal(o.pending);
      const completed = new Decimal(o.completed);
      const net = pending.plus(completed);
      r.amounts!.push({
        currency: o.currency,
        gmv: new Decimal(o.gmv).toFixed(),
        commission_pending: pending.toFixed(),
        commission_completed: completed.toFixed(),
        commission_cancelled: new Decimal(o.cancelled).toFixed(),
        net_commission: net.toFixed(),
        epc: null,
      });
      nets.set(o.key, [...(nets.get(o.key) ?? []), net]);
    }
    if (query.groupBy === 'timeseries') this.zeroFill(query, row);
    for (const r of rows.values()) {
      if (r.clicks && r.clicks > 0) {
        if (r.orders !== null) r.conversion_rate = Number((r.orders / r.clicks).toFixed(6));
        for (const amount of r.amounts ?? []) {
          amount.epc = new Decimal(amount.net_commission).div(r.clicks).toDecimalPlaces(6).toFixed();
        }
      }
      r.amounts?.sort((a, b) => a.currency.localeCompare(b.currency));
    }
    let result = [...rows.values()];
    if (query.groupBy === 'timeseries') result.sort((a, b) => a.key.localeCompare(b.key));
    else result.sort((a, b) => compareRows(a, b, query));
    if (query.groupBy !== 'timeseries') result = result.slice(0, query.limit);
    await this.label(query.groupBy, query.memberId, result);
    return result;
  }

  /** The rows as CSV: one line per row and currency (money is never summed across currencies). */
  toCsv(rows: AnalyticsRow[]): string {
    const header = [
      'key',
      'label',
      'currency',
      'clicks',
      'bot_clicks',
      'orders',
      'cancelled_orders',
      'conversion_rate',
      'gmv',
      'commission_pending',
      'commission_completed',
      'commission_cancelled',
      'net_commission',
      'epc',
    ];
    const lines = [header.join(',')];
    for (const r of rows) {
      const amounts: Array<AnalyticsAmount | null> = r.amounts && r.amounts.length > 0 ? r.amounts : [null];
      for (const a of amounts) {
        lines.push(
          [
            r.key,
            r.label,
            a?.currency,
            r.clicks,
            r.bot_clicks,
            r.orders,
            r.cancelled_orders,
            r.conversion_rate,
            a?.gmv,
            a?.commission_pending,
            a?.commission_completed,
            a?.commission_cancelled,
            a?.net_commission,
            a?.epc,
          ]
            .map((v) => csvCell(v ?? ''))
            .join(','),
        );
      }
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  private filtersOnlyOrders(query: AnalyticsQuery): boolean {
    return query.filters.currency !== undefined;
  }

  private async checkTimezone(timezone: string): Promise<void> {
    try {
      new Intl.DateTimeFormat('en', { timeZone: timezone });
    } catch {
      throw new AppException('invalid_request', `timezone "${timezone.slice(0, 64)}" is not an IANA time zone`);
    }
  }

  /**
   * Clicks of the range, from the smallest table that has what the query asks (`clickSource`): the hourly member
   * summary `click_member_hours` for a count, a timeseries or a grouping by marketplace in any time zone (24 rows a
   * day); else, grouped by sub id, link or item (or a UTC timeseries of days and longer), the whole UTC weeks of the
   * range from a weekly summary (`click_weeks`, `click_link_weeks`; not for a timeseries), its other whole UTC
   * days from a daily one (`click_days` per sub id, `click_link_days` per link) and only the hours at its
   * edges (a time zone's day starts inside a UTC day) from the hourly summary per sub id `click_sub_hours`
   * (beside `click_days`) or the detail (beside `click_link_days`); a timeseries of one sub id from
   * `click_sub_hours`; grouped by country, device, OS, browser or referrer, the hourly summary of its values
   * (`click_country_hours`…, in any time zone); else the detail `click_hours`. The
   * summaries are sums of the detail (`click-summaries.ts`): the same figures from far fewer rows.
   */
  private async clicks(query: AnalyticsQuery): Promise<ClickAgg[]> {
    const source = clickSource(query);
    if (source !== 'click_days' && source !== 'click_link_days') {
      const table = source === 'click_hours' ? 'click' : 'hour';
      const params: unknown[] = [query.memberId, query.start, query.end, query.timezone];
      const key = this.keyExpr(query, table, params);
      const where = this.where(query, table, params);
      const sums =
        table === 'click'
          ? `COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0)::bigint AS clicks,
             COALESCE(SUM(clicks) FILTER (WHERE bot), 0)::bigint AS bot_clicks`
          : 'SUM(clicks)::bigint AS clicks, SUM(bot_clicks)::bigint AS bot_clicks';
      // Grouped by the key's own type (a link id is a bigint: hashed faster than its text), then as text.
      return this.db.query(
        `SELECT key::text AS key, clicks, bot_clicks FROM (
           SELECT ${key} AS key, ${sums}
             FROM ${source}
            WHERE member_id = $1 AND hour >= ($2::timestamp AT TIME ZONE $4) AND hour < ($3::timestamp AT TIME ZONE $4)${where}
            GROUP BY 1) AS g`,
        params,
      );
    }
    const b = await this.bounds(query);
    const params: unknown[] = [query.memberId, query.start, query.end, query.timezone];
    const dayKey = this.keyExpr(query, 'day', params);
    const where = this.where(query, 'day', params);
    const at = (value: Date) => param(params, value, 'timestamptz');
    const day = (value: Date) => param(params, value.toISOString().slice(0, 10), 'date');
    // The edge hours: per sub id beside `click_days`, else the detail. Each part's key is its own parameter set
    // (a parameter no part reads would have no type).
    const perSubId = source === 'click_days';
    const hours = (from: Date, to: Date) =>
      perSubId
        ? `SELECT ${this.keyExpr(query, 'hour', params)} AS key, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks
             FROM click_sub_hours WHERE member_id = $1 AND hour >= ${at(from)} AND hour < ${at(to)}${where} GROUP BY 1`
        : `SELECT ${this.keyExpr(query, 'click', params)} AS key, COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0) AS clicks,
                  COALESCE(SUM(clicks) FILTER (WHERE bot), 0) AS bot_clicks
             FROM click_hours WHERE member_id = $1 AND hour >= ${at(from)} AND hour < ${at(to)}${where} GROUP BY 1`;
    // Whole weeks from the weekly twin of the daily summary, the other whole days from the daily one.
    const weekly = source === 'click_days' ? 'click_weeks' : 'click_link_weeks';
    const parts = b.periods.map(
      ({ period, from, to }) =>
        `SELECT ${dayKey} AS key, SUM(clicks) AS clicks, SUM(bot_clicks) AS bot_clicks
           FROM ${period === 'week' ? weekly : source}
          WHERE member_id = $1 AND ${period} >= ${day(from)} AND ${period} < ${day(to)}${where} GROUP BY 1`,
    );
    for (const [from, to] of b.edges) parts.push(hours(from, to));
    // $2..$4 (the local range and zone) are typed here: only a timeseries' key reads them.
    return this.db.query(
      `WITH asked AS (SELECT $2::timestamp AS start, $3::timestamp AS end, $4::text AS timezone)
       SELECT key::text AS key, SUM(clicks)::bigint AS clicks, SUM(bot_clicks)::bigint AS bot_clicks
         FROM (${parts.join(' UNION ALL ')}) AS both_tables GROUP BY 1`,
      params,
    );
  }

  /**
   * Orders and money of the range, per order first (`orderFigures`). As for clicks, a count, timeseries or
   * grouping by marketplace reads the hourly member summary `order_member_hours`; another query the daily summary
   * `order_days` can answer reads its whole UTC weeks from `order_weeks` (unless a timeseries), its other whole
   * UTC days from `order_days` and only the edge hours from `order_lines`.
   */
  private async orders(query: AnalyticsQuery): Promise<OrderAgg[]> {
    const params: unknown[] = [query.memberId, query.start, query.end, query.timezone];
    const sums = `SELECT key, currency, SUM(orders)::bigint AS orders, SUM(all_orders)::bigint AS all_orders,
                         COALESCE(SUM(gmv), 0)::text AS gmv, COALESCE(SUM(pending), 0)::text AS pending,
                         COALESCE(SUM(completed), 0)::text AS completed, COALESCE(SUM(cancelled), 0)::text AS cancelled`;
    if (memberHoursServe(query)) {
      // The hourly member summary: a count, a timeseries or marketplaces in any time zone, from 24 rows a day.
      const key = this.keyExpr(query, 'hour', params);
      const filters = this.where(query, 'hour', params);
      return this.db.query(
        `${sums} FROM (SELECT ${key} AS key, currency, orders, all_orders, gmv, pending, completed, cancelled
                         FROM order_member_hours
                        WHERE member_id = $1 AND hour >= ($2::timestamp AT TIME ZONE $4)
                          AND hour < ($3::timestamp AT TIME ZONE $4)${filters}) AS f GROUP BY 1, 2`,
        params,
      );
    }
    // The filters of order_lines and the daily summaries (not before: a parameter no part reads has no type).
    const where = this.where(query, 'order', params);
    if (!daysServe(query)) {
      return this.db.query(
        `${sums} FROM (${orderFigures(
          { key: this.keyExpr(query, 'order', params) },
          `member_id = $1 AND purchased_at >= ($2::timestamp AT TIME ZONE $4)
           AND purchased_at < ($3::timestamp AT TIME ZONE $4)${where}`,
        )}) AS f GROUP BY 1, 2`,
        params,
      );
    }
    const b = await this.bounds(query);
    const dayKey = this.keyExpr(query, 'day', params);
    const at = (value: Date) => param(params, value, 'timestamptz');
    const day = (value: Date) => param(params, value.toISOString().slice(0, 10), 'date');
    const parts = b.periods.map(
      ({ period, from, to }) =>
        `SELECT ${dayKey} AS key, currency, orders, all_orders, gmv, pending, completed, cancelled
           FROM ${period === 'week' ? 'order_weeks' : 'order_days'} WHERE member_id = $1 AND ${period} >= ${day(from)} AND ${period} < ${day(to)}${where}`,
    );
    for (const [from, to] of b.edges) {
      parts.push(
        orderFigures(
          { key: this.keyExpr(query, 'order', params) },
          `member_id = $1 AND purchased_at >= ${at(from)} AND purchased_at < ${at(to)}${where}`,
        ),
      );
    }
    return this.db.query(
      `WITH asked AS (SELECT $2::timestamp AS start, $3::timestamp AS end, $4::text AS timezone)
       ${sums} FROM (${parts.join(' UNION ALL ')}) AS both_tables GROUP BY 1, 2`,
      params,
    );
  }

  /**
   * The range as instants ([s, e)): the whole UTC days inside it ([ds, de)) as `periods` to read from the daily and
   * weekly summaries (its whole UTC weeks from a weekly one, unless the key is a time: a timeseries reads days),
   * and the hours outside them (at most two ranges), computed first: as constants, they are range scans of the
   * (member, time) indexes.
   */
  private async bounds(query: AnalyticsQuery): Promise<{ periods: Period[]; edges: Array<[Date, Date]> }> {
    const [b]: Array<{ s: Date; e: Date; ds: Date; de: Date }> = await this.db.query(
      `WITH r AS (SELECT ($1::timestamp AT TIME ZONE $3) AS s, ($2::timestamp AT TIME ZONE $3) AS e)
       SELECT s, e, date_trunc('day', e, 'UTC') AS de,
              CASE WHEN date_trunc('day', s, 'UTC') = s THEN s ELSE date_trunc('day', s, 'UTC') + interval '1 day' END AS ds
         FROM r`,
      [query.start, query.end, query.timezone],
    );
    const earliest = (x: Date, y: Date) => (x < y ? x : y);
    const latest = (x: Date, y: Date) => (x > y ? x : y);
    const edges: Array<[Date, Date]> = [];
    if (b.s < earliest(b.ds, b.e)) edges.push([b.s, earliest(b.ds, b.e)]);
    if (latest(b.de, b.ds) < b.e) edges.push([latest(b.de, b.ds), b.e]);
    return { periods: periodsOf(b.ds, b.de, query.groupBy !== 'timeseries'), edges };
  }

  /** The SQL of the group's key, per table (`click_hours`, the summaries, or `order_lines`). */
  private keyExpr(query: AnalyticsQuery, table: KeyTable, params: unknown[]): string {
    // A summary day is a UTC day: read as a UTC time, it buckets as the hours would (timeseries in UTC only).
    const time = table === 'day' ? `(day::timestamp AT TIME ZONE 'UTC')` : table === 'order' ? 'purchased_at' : 'hour';
    switch (query.groupBy) {
      case 'count':
        return `''`;
      case 'timeseries':
        params.push(query.interval);
        return `to_char(date_trunc($${params.length}, ${time} AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:MI')`;
      case 'sub_id':
        if (query.subIdPosition) {
          params.push(query.subIdPosition);
          return `split_part(sub_id, '-', $${params.length}::int)`;
        }
        return 'sub_id';
      case 'link':
        // Clicks always have a link (grouped as a bigint, read as text); an order may have none.
        return table === 'order' ? `COALESCE(short_link_id::text, '')` : 'short_link_id';
      case 'item':
        return `marketplace || ':' || item_id`;
      case 'shop':
        return `marketplace || ':' || shop_id`;
      case 'marketplace':
        return 'marketplace';
      case 'country':
      case 'device':
      case 'browser':
      case 'os':
      case 'referrer':
        return query.groupBy;
    }
  }

  private where(query: AnalyticsQuery, table: KeyTable, params: unknown[]): string {
    let where = '';
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where += ` AND ${sql.replace('?', `$${params.length}`)}`;
    };
    const f = query.filters;
    if (f.subId !== undefined) add('sub_id = ?', f.subId);
    if (f.linkId !== undefined) add('short_link_id = ?::bigint', f.linkId);
    if (f.marketplace !== undefined) add('marketplace = ?', f.marketplace);
    if (f.item !== undefined) add('item_id = ?', f.item);
    if (table === 'click') {
      if (f.country !== undefined) add('country = ?', f.country.toUpperCase());
      if (f.device !== undefined) add('device = ?', f.device);
    } else if (f.currency !== undefined) {
      add('currency = ?', f.currency.toUpperCase());
    }
    return where;
  }

  /** Every bucket of the range, so a chart has its zero days (at most MAX_BUCKETS). */
  private zeroFill(query: AnalyticsQuery, row: (key: string) => AnalyticsRow): void {
    const start = new Date(`${query.start}Z`);
    const end = new Date(`${query.end}Z`);
    const cursor = truncate(start, query.interval);
    for (let n = 0; cursor < end && n < MAX_BUCKETS; n += 1) {
      row(cursor.toISOString().slice(0, 16));
      advance(cursor, query.interval);
    }
  }

  /** Readable names: a link's URL and sub id, an item's or shop's name from the member's orders. */
  private async label(group: AnalyticsGroup, memberId: string, rows: AnalyticsRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (group === 'link') {
      const refs = await this.shortLinks.refsByIds(rows.map((r) => r.key).filter((k) => /^\d+$/.test(k)));
      const byId = new Map(refs.filter((r) => r.member_id === memberId).map((r) => [r.id, r]));
      for (const r of rows) r.label = byId.get(r.key)?.url ?? (r.key === '' ? '(no link)' : null);
    } else if (group === 'item' || group === 'shop') {
      const column = group === 'item' ? 'item' : 'shop';
      const names: Array<{ key: string; name: string }> = await this.db.query(
        `SELECT DISTINCT ON (key) marketplace || ':' || ${column}_id AS key, ${column}_name AS name
           FROM order_lines WHERE member_id = $1 AND marketplace || ':' || ${column}_id = ANY($2::text[])
          ORDER BY key, updated_at DESC`,
        [memberId, rows.map((r) => r.key)],
      );
      const byKey = new Map(names.map((n) => [n.key, n.name]));
      for (const r of rows) r.label = byKey.get(r.key) || null;
    }
  }
}

/** Biggest first: by the first event asked (net commission of the largest currency total for `commission`). */
function compareRows(a: AnalyticsRow, b: AnalyticsRow, query: AnalyticsQuery): number {
  const first = query.events[0];
  if (first === 'commission') {
    const top = (r: AnalyticsRow) =>
      (r.amounts ?? []).reduce((m, x) => Decimal.max(m, x.net_commission), new Decimal(0));
    const diff = top(b).comparedTo(top(a));
    if (diff !== 0) return diff;
  }
  if (first === 'orders' && (b.orders ?? 0) !== (a.orders ?? 0)) return (b.orders ?? 0) - (a.orders ?? 0);
  if ((b.clicks ?? 0) !== (a.clicks ?? 0)) return (b.clicks ?? 0) - (a.clicks ?? 0);
  if ((b.orders ?? 0) !== (a.orders ?? 0)) return (b.orders ?? 0) - (a.orders ?? 0);
  return a.key.localeCompare(b.key);
}

function truncate(date: Date, interval: string): Date {
  const d = new Date(date);
  d.setUTCMinutes(0, 0, 0);
  if (interval === 'hour') return d;
  d.setUTCHours(0);
  if (interval === 'week') return utcMondayOf(d);
  if (interval === 'month') d.setUTCDate(1);
  return d;
}

function advance(date: Date, interval: string): void {
  if (interval === 'hour') date.setUTCHours(date.getUTCHours() + 1);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else date.setUTCMonth(date.getUTCMonth() + 1);
}

/** Whole UTC days (`from`, `to`: dates at 00:00 UTC) read from a daily summary, or whole UTC weeks from a weekly one. */
interface Period {
  period: 'day' | 'week';
  from: Date;
  to: Date;
}

/**
 * The whole UTC days [ds, de) as summary reads: with `weeks`, the whole weeks (Monday to Monday) inside them as one
 * weekly read and the days before and after them as daily reads (at most 6 days at each end); else one daily
 * read (kept when empty: its key's parameters must be read by a part).
 */
function periodsOf(ds: Date, de: Date, weeks: boolean): Period[] {
  const ws = new Date(ds.getTime() + ((8 - ds.getUTCDay()) % 7) * DAY_MS);
  const we = utcMondayOf(de);
  if (!weeks || ws >= we) return [{ period: 'day', from: ds, to: de }];
  const periods: Period[] = [{ period: 'week', from: ws, to: we }];
  if (ds < ws) periods.push({ period: 'day', from: ds, to: ws });
  if (we < de) periods.push({ period: 'day', from: we, to: de });
  return periods;
}

/** Adds a typed parameter; returns its placeholder. */
function param(params: unknown[], value: unknown, type: string): string {
  params.push(value);
  return `$${params.length}::${type}`;
}

/**
 * The tables a query's keys and filters are written for: `click` the detail `click_hours` (and its edge hours),
 * `hour` an hourly summary (per member, sub id or dimension value), `day` a daily or weekly summary (`click_days`,
 * `click_link_days`, `order_days` and their weeks), `order` the detail `order_lines`.
 */
type KeyTable = 'click' | 'hour' | 'day' | 'order';

/** The hourly summaries of one dimension's values: grouped by it, a row per value and hour. */
type DimensionSource = `click_${'country' | 'device' | 'os' | 'browser' | 'referrer'}_hours`;
type ClickSource =
  'click_hours' | 'click_member_hours' | 'click_sub_hours' | DimensionSource | 'click_days' | 'click_link_days';

/** The smallest click table with the query's grouping and filters (see `AnalyticsService.clicks`). */
function clickSource(query: AnalyticsQuery): ClickSource {
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
function memberHoursServe(query: AnalyticsQuery): boolean {
  const f = query.filters;
  if (f.subId !== undefined || f.linkId !== undefined || f.item !== undefined) return false;
  if (f.country !== undefined || f.device !== undefined) return false;
  return query.groupBy === 'count' || query.groupBy === 'timeseries' || query.groupBy === 'marketplace';
}

/**
 * Whether a daily summary has the query's grouping and filters: per sub id (`click_days`, `order_days`), or,
 * `perLink`, per link (`click_link_days`, which has the links' sub ids and items too).
 */
function daysServe(query: AnalyticsQuery, perLink = false): boolean {
  const f = query.filters;
  if (f.country !== undefined || f.device !== undefined) return false;
  if (!perLink && (f.linkId !== undefined || f.item !== undefined)) return false;
  if (query.groupBy === 'count' || query.groupBy === 'sub_id' || query.groupBy === 'marketplace') return true;
  if (perLink && (query.groupBy === 'link' || query.groupBy === 'item')) return true;
  return query.groupBy === 'timeseries' && query.interval !== 'hour' && query.timezone === 'UTC';
}
