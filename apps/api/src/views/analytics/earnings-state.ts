import type { AnalyticsAmount, AnalyticsRow, SyncStateView } from '@app/analytics';
import type { ShortLinkRef } from '@app/shortlinks';
import Decimal from 'decimal.js';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';

/**
 * The earnings page's state (range, time zone, filters, sort) and the addresses made from it: the page, its
 * sort links, an item's details and the way back. The controller and the page's parts all read them from here.
 */
export const EARNINGS = sectionPath(ACCOUNT_SECTIONS, 'earnings');

/** The sub-id table's sort keys (`?sort=`), in the order of its columns. */
export const EARNINGS_SORTS = ['sub_id', 'clicks', 'orders', 'conversion', 'gmv', 'net', 'epc'] as const;
export type EarningsSort = (typeof EARNINGS_SORTS)[number];

export interface EarningsFilters {
  /** The range shown (first and last day, in the time zone). */
  start: string;
  end: string;
  /** The days as asked ('' when defaulted: then the default follows the time zone). */
  asked: { start: string; end: string };
  timezone: string;
  marketplace: string;
  sub_id: string;
  link: string;
  q: string;
  sort: EarningsSort;
  dir: 'asc' | 'desc';
}

export interface EarningsData {
  filters: EarningsFilters;
  interval: string;
  totals: AnalyticsRow | null;
  series: AnalyticsRow[];
  subIds: AnalyticsRow[];
  items: AnalyticsRow[];
  shops: AnalyticsRow[];
  selectedLink: ShortLinkRef | null;
  links: LinkResults;
  syncs: SyncStateView[];
}

export interface LinkResults {
  q: string;
  page: number;
  links: ShortLinkRef[];
  hasMore: boolean;
  selected: string;
}

export function query(filters: EarningsFilters, change: Partial<EarningsFilters>): string {
  const merged = { ...filters, ...change };
  const params = new URLSearchParams();
  if (merged.asked.start) params.set('start', merged.asked.start);
  if (merged.asked.end) params.set('end', merged.asked.end);
  for (const key of ['timezone', 'marketplace', 'sub_id', 'link', 'sort', 'dir'] as const) {
    if (merged[key]) params.set(key, merged[key]);
  }
  return `${EARNINGS}?${params.toString()}`;
}

/** The biggest amount of a row in any currency (sorting only: amounts are never added across currencies). */
function top(row: AnalyticsRow, pick: (a: AnalyticsAmount) => string | null): Decimal {
  return (row.amounts ?? []).reduce((max, a) => Decimal.max(max, pick(a) ?? '0'), new Decimal(-1));
}

export function sortRows(rows: AnalyticsRow[], sort: EarningsSort, dir: 'asc' | 'desc'): AnalyticsRow[] {
  const value = (row: AnalyticsRow): Decimal | string => {
    switch (sort) {
      case 'sub_id':
        return row.key;
      case 'clicks':
        return new Decimal(row.clicks ?? 0);
      case 'orders':
        return new Decimal(row.orders ?? 0);
      case 'conversion':
        return new Decimal(row.conversion_rate ?? -1);
      case 'gmv':
        return top(row, (a) => a.gmv);
      case 'net':
        return top(row, (a) => a.net_commission);
      case 'epc':
        return top(row, (a) => a.epc);
    }
  };
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const diff = typeof x === 'string' ? x.localeCompare(y as string) : x.comparedTo(y as Decimal);
    return diff * sign || a.key.localeCompare(b.key);
  });
}

export const SORT_LABELS: Record<EarningsSort, string> = {
  sub_id: 'Sub id',
  clicks: 'Clicks',
  orders: 'Orders',
  conversion: 'Conversion',
  gmv: 'GMV',
  net: 'Net commission',
  epc: 'EPC',
};

/** The details page of an item of the top list (`shopee:123456`), in the page's range and time zone. */
export function itemHref(key: string, filters: Pick<EarningsFilters, 'asked' | 'timezone'>): string | null {
  const [marketplace, itemId] = key.split(':');
  if (!marketplace || !itemId) return null;
  return `${EARNINGS}/items/${encodeURIComponent(marketplace)}/${encodeURIComponent(itemId)}?${rangeQuery(filters)}`;
}

/** The earnings page in a range and time zone (the way back from an item). */
export function earningsHref(filters: Pick<EarningsFilters, 'asked' | 'timezone'>): string {
  return `${EARNINGS}?${rangeQuery(filters)}`;
}

function rangeQuery({ asked, timezone }: Pick<EarningsFilters, 'asked' | 'timezone'>): URLSearchParams {
  const range = new URLSearchParams({ timezone });
  if (asked.start) range.set('start', asked.start);
  if (asked.end) range.set('end', asked.end);
  return range;
}
