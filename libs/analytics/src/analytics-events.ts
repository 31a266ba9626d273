/**
 * The order facts the analytics lib tells other libs about (docs/architecture.md, "Domain events"). Emitted once
 * the import's transaction is committed; a listener that fails is logged and never undoes the import.
 */

/** One order line as the analytics API speaks of it: exact decimal strings in `currency`. */
export interface OrderLineFact {
  marketplace: string;
  line_key: string;
  order_id: string;
  item_id: string;
  model_id: string;
  item_name: string;
  shop_id: string;
  status: string;
  /** The status before this import; null for a new line. */
  previous_status: string | null;
  currency: string;
  qty: number;
  gmv: string;
  commission: string;
  net_commission: string;
  sub_id: string;
  /** The member's short link the line is attributed to (its id, as `GET /api/analytics?link=` takes), or null. */
  link_id: string | null;
  purchased_at: string;
  completed_at: string | null;
}

/** New and changed order lines of one import or pull (committed). */
export class OrderLinesChanged {
  static readonly event = 'analytics.order-lines-changed';

  constructor(
    readonly memberId: string,
    readonly created: readonly OrderLineFact[],
    readonly updated: readonly OrderLineFact[],
  ) {}
}

/** A report file or a pull was applied (committed): its counts. */
export class ReportImported {
  static readonly event = 'analytics.report-imported';

  constructor(
    readonly memberId: string,
    readonly summary: {
      marketplace: string;
      source: 'csv' | 'api';
      new: number;
      updated: number;
      unchanged: number;
      skipped: number;
      status_changes: Record<string, number>;
    },
  ) {}
}

/** A scheduled or asked-for pull of a marketplace's report failed: its words (no secret). */
export class ReportSyncFailed {
  static readonly event = 'analytics.report-sync-failed';

  constructor(
    readonly memberId: string,
    readonly marketplace: string,
    readonly error: string,
  ) {}
}
