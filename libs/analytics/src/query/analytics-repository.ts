import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnalyticsQuery } from './analytics-query';
import { orderFigures } from './order-figures';
import { clickSource, orderSource, type Period, periodsOf } from './query-plan';

export interface ClickAgg {
  key: string;
  clicks: string;
  bot_clicks: string;
}

export interface OrderAgg {
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
 * The one place that runs the SQL of the figures: what the planner (`query-plan.ts`) chose, read from the
 * summaries or the detail, as rows per key (and currency) for `AnalyticsService` to merge. Keys and filters are
 * written per table (`keyExpr`, `where`); every value is a parameter.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
  async clicks(query: AnalyticsQuery): Promise<ClickAgg[]> {
    const source = clickSource(query);
    if (source !== 'click_days' && source !== 'click_link_days') {
      const table = source === 'click_hours' ? 'click' : 'hour';
      const params: unknown[] = [query.memberId, query.range.from, query.range.to, query.range.zone];
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
    const params: unknown[] = [query.memberId, query.range.from, query.range.to, query.range.zone];
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
  async orders(query: AnalyticsQuery): Promise<OrderAgg[]> {
    const params: unknown[] = [query.memberId, query.range.from, query.range.to, query.range.zone];
    const sums = `SELECT key, currency, SUM(orders)::bigint AS orders, SUM(all_orders)::bigint AS all_orders,
                         COALESCE(SUM(gmv), 0)::text AS gmv, COALESCE(SUM(pending), 0)::text AS pending,
                         COALESCE(SUM(completed), 0)::text AS completed, COALESCE(SUM(cancelled), 0)::text AS cancelled`;
    const source = orderSource(query);
    if (source === 'order_member_hours') {
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
    // Added after the hourly branch: a parameter its SQL does not read has no type (PostgreSQL refuses the query).
    const where = this.where(query, 'order', params);
    if (source === 'order_lines') {
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
      [query.range.from, query.range.to, query.range.zone],
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

  /** The names of items or shops (`marketplace:id` keys) from the member's orders, the latest first. */
  async names(memberId: string, group: 'item' | 'shop', keys: string[]): Promise<Map<string, string>> {
    const rows: Array<{ key: string; name: string }> = await this.db.query(
      `SELECT DISTINCT ON (key) marketplace || ':' || ${group}_id AS key, ${group}_name AS name
         FROM order_lines WHERE member_id = $1 AND marketplace || ':' || ${group}_id = ANY($2::text[])
        ORDER BY key, updated_at DESC`,
      [memberId, keys],
    );
    return new Map(rows.map((n) => [n.key, n.name]));
  }
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
