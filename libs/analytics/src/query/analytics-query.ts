import type { ZonedRange } from './zoned-range';

/** What `GET /api/analytics` can be asked: one definition for the DTO, the service and the docs. */
export const ANALYTICS_EVENTS = ['clicks', 'orders', 'commission'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS_GROUPS = [
  'count',
  'timeseries',
  'sub_id',
  'link',
  'item',
  'shop',
  'marketplace',
  'country',
  'device',
  'browser',
  'os',
  'referrer',
] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

export const ANALYTICS_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** Groupings that exist for clicks only: the reports do not say which click an order came from. */
export const CLICK_ONLY_GROUPS: ReadonlySet<AnalyticsGroup> = new Set([
  'country',
  'device',
  'browser',
  'os',
  'referrer',
]);
/** Groupings that exist for orders only: a click knows its link's item, not the shop (Lazada) or the order. */
export const ORDER_ONLY_GROUPS: ReadonlySet<AnalyticsGroup> = new Set(['shop']);

export interface AnalyticsQuery {
  memberId: string;
  events: AnalyticsEvent[];
  groupBy: AnalyticsGroup;
  /** The local times asked, in the member's zone (`zonedRange`, the one parser). */
  range: ZonedRange;
  interval: AnalyticsInterval;
  /** 1..6: group by one sub id slot instead of the whole combination. */
  subIdPosition?: number;
  filters: {
    subId?: string;
    linkId?: string;
    marketplace?: string;
    item?: string;
    country?: string;
    device?: string;
    currency?: string;
  };
  limit: number;
}

/** Money of one currency in one row: exact decimal strings. */
export interface AnalyticsAmount {
  currency: string;
  gmv: string;
  commission_pending: string;
  commission_completed: string;
  commission_cancelled: string;
  net_commission: string;
  /** net_commission / clicks (people), 6 decimals; null without clicks. */
  epc: string | null;
}

export interface AnalyticsRow {
  /** The group's value (`''` for count; a local time for a timeseries; a sub id; a link id…). */
  key: string;
  /** A readable name for the key, when it has one (a link's URL, an item's or shop's name). */
  label: string | null;
  clicks: number | null;
  bot_clicks: number | null;
  orders: number | null;
  cancelled_orders: number | null;
  /** orders / clicks; null without clicks or without order figures. */
  conversion_rate: number | null;
  amounts: AnalyticsAmount[] | null;
}
