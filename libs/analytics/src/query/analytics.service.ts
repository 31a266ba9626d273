import { Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { ShortLinkService } from '@app/shortlinks';
import Decimal from 'decimal.js';
import { utcMondayOf } from '../clicks/click-summaries';
import { AnalyticsRepository, type ClickAgg, type OrderAgg } from './analytics-repository';
import {
  type AnalyticsGroup,
  type AnalyticsQuery,
  type AnalyticsRow,
  CLICK_ONLY_GROUPS,
  ORDER_ONLY_GROUPS,
} from './analytics-query';

/** Buckets a timeseries may have (zero-filled). */
const MAX_BUCKETS = 5000;

/**
 * The label of the orders attributed to none of the member's links (no link made with their sub ids for the same
 * marketplace, region and account): one row of their own, never mixed into a link's.
 */
export const UNATTRIBUTED = 'unattributed';

/**
 * The figures of `GET /api/analytics` and the earnings page: clicks (people and bots apart), orders and money,
 * grouped by one dimension in the member's time zone, merged from what `AnalyticsRepository` reads (the tables
 * `query-plan.ts` chose). Money stays per currency (a row has one amount per currency, never a sum across them),
 * exact (`numeric` sums, decimal.js divisions). The definitions and their reasons are in docs/analytics.md.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly shortLinks: ShortLinkService,
  ) {}

  async figures(query: AnalyticsQuery): Promise<AnalyticsRow[]> {
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
        wantClicks ? this.repository.clicks(query) : Promise.resolve([]),
        wantOrders ? this.repository.orders(query) : Promise.resolve([]),
      ]);
    } catch (error) {
      // A zone Intl knows and PostgreSQL does not (22023: invalid_parameter_value).
      if ((error as { code?: string }).code === '22023') {
        throw new AppException(
          'invalid_request',
          `timezone "${query.range.zone.slice(0, 64)}" is not known to the database`,
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

  private filtersOnlyOrders(query: AnalyticsQuery): boolean {
    return query.filters.currency !== undefined;
  }

  /** Every bucket of the range, so a chart has its zero days (at most MAX_BUCKETS). */
  private zeroFill(query: AnalyticsQuery, row: (key: string) => AnalyticsRow): void {
    const start = new Date(`${query.range.from}Z`);
    const end = new Date(`${query.range.to}Z`);
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
      for (const r of rows) r.label = byId.get(r.key)?.url ?? (r.key === '' ? UNATTRIBUTED : null);
    } else if (group === 'item' || group === 'shop') {
      const byKey = await this.repository.names(
        memberId,
        group,
        rows.map((r) => r.key),
      );
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
