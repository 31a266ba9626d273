import { type LineStatus, type ReportField, type ReportLayout, statusOf } from './report-formats';
import { joinSubIds, lazadaItemId, parseMoney, parseQty, parseReportTime } from './report-values';

/** One order line (Shopee: an item of an order, per model; Lazada: a SKU of a sub-order), as stored. */
export interface OrderLine {
  marketplace: 'shopee' | 'lazada';
  /** Unique per member and marketplace: Shopee `order|item|model`, Lazada `order|subOrder|sku`. */
  lineKey: string;
  orderId: string;
  conversionId: string;
  /**
   * The product: Shopee's item id, Lazada's item id (`-i<item>` of its page; '' until the import finds it when the
   * report names only the SKU, see `lazadaItemId`).
   */
  itemId: string;
  /** The variant: Shopee's model id, Lazada's SKU id. */
  modelId: string;
  itemName: string;
  shopId: string;
  shopName: string;
  status: LineStatus;
  rawStatus: string;
  currency: string;
  qty: number;
  /** Exact decimal strings in `currency`. */
  gmv: string;
  commission: string;
  netCommission: string;
  subId: string;
  channel: string;
  purchasedAt: Date;
  completedAt: Date | null;
  clickedAt: Date | null;
}

/** The reasons a row is skipped (the API's `problems[].reason`, with `duplicate_row`). */
export const ROW_PROBLEM_REASONS = [
  'missing_order_id',
  'missing_item_id',
  'bad_time',
  'bad_amount',
  'bad_quantity',
  'unknown_status',
  'bad_currency',
  'bad_text',
] as const;

/** Why a row was skipped: a code (counted in the preview) and the row's own words. */
export interface RowProblem {
  reason: (typeof ROW_PROBLEM_REASONS)[number];
  message: string;
}

/** Characters no stored text may hold (PostgreSQL's text refuses NUL): the row is refused, never cut. */
const FORBIDDEN_CHARACTER = /\u0000/;

const MAX_ID = 64;
const MAX_NAME = 500;

/** A CSV row of a report → an order line, or the reason it cannot be one. */
export function lineOfRow(row: readonly string[], layout: ReportLayout): OrderLine | RowProblem {
  const bad = row.findIndex((value) => FORBIDDEN_CHARACTER.test(value));
  if (bad !== -1) return { reason: 'bad_text', message: `Column ${bad + 1} holds a NUL character` };
  const cell = (field: ReportField): string => {
    const index = layout.columns[field];
    return index === undefined ? '' : (row[index] ?? '').trim();
  };
  const id = (field: ReportField) => cell(field).slice(0, MAX_ID);
  const orderId = id('order_id');
  if (!orderId) return { reason: 'missing_order_id', message: 'The order id is empty' };
  let currency = layout.currency;
  if (!currency) {
    const value = cell('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(value))
      return { reason: 'bad_currency', message: `Currency "${cell('currency').slice(0, 20)}" is not a 3-letter code` };
    currency = value;
  }
  const money = (field: ReportField): string | RowProblem => {
    const value = parseMoney(cell(field), currency);
    return value ?? { reason: 'bad_amount', message: `${field} "${cell(field).slice(0, 40)}" is not an amount` };
  };
  const gmv = money('purchase_value');
  if (typeof gmv !== 'string') return gmv;
  const net = money('net_commission');
  if (typeof net !== 'string') return net;
  let commission = layout.columns.item_commission === undefined ? net : money('item_commission');
  if (typeof commission !== 'string') return commission;
  const qty = parseQty(cell('qty'));
  if (qty === null)
    return { reason: 'bad_quantity', message: `Quantity "${cell('qty').slice(0, 20)}" is not a whole number` };
  const purchasedAt = parseReportTime(cell('order_time'), currency);
  if (!purchasedAt)
    return { reason: 'bad_time', message: `Order time "${cell('order_time').slice(0, 40)}" is not a time` };
  const completedAt = parseReportTime(cell('complete_time'), currency);
  const clickedAt = parseReportTime(cell('click_time'), currency);
  if (completedAt === undefined || clickedAt === undefined) {
    return { reason: 'bad_time', message: 'The completion or click time is not a time' };
  }
  const status = lineStatus(layout, cell('order_status'), cell('item_status'), cell('validity'));
  if ('unknown' in status) {
    return { reason: 'unknown_status', message: `Status "${status.unknown.slice(0, 40)}" is not one the report uses` };
  }
  const subs = (['sub_id1', 'sub_id2', 'sub_id3', 'sub_id4', 'sub_id5', 'sub_id6'] as const).map((field) =>
    cell(field),
  );
  let lineKey: string;
  let itemId: string;
  let modelId = '';
  if (layout.marketplace === 'shopee') {
    itemId = id('item_id');
    if (!itemId) return { reason: 'missing_item_id', message: 'The item id is empty' };
    modelId = id('model_id');
    lineKey = `${orderId}|${itemId}|${modelId}`;
  } else {
    modelId = id('sku');
    if (!modelId) return { reason: 'missing_item_id', message: 'The SKU is empty' };
    itemId = lazadaItemId({ itemId: id('item_id'), productUrl: cell('product_url'), sku: modelId });
    lineKey = `${orderId}|${id('sub_order_id')}|${modelId}`;
  }
  if (status.status === 'cancelled' && layout.marketplace === 'lazada') commission = net;
  return {
    marketplace: layout.marketplace,
    lineKey,
    orderId,
    conversionId: id('conversion_id'),
    itemId,
    modelId,
    itemName: cell('item_name').slice(0, MAX_NAME),
    shopId: id('shop_id'),
    shopName: cell('shop_name').slice(0, MAX_NAME),
    status: status.status,
    rawStatus: status.raw.slice(0, 100),
    currency,
    qty,
    gmv,
    commission,
    netCommission: net,
    subId: joinSubIds(subs),
    channel: cell('channel').slice(0, 64),
    purchasedAt,
    completedAt,
    clickedAt,
  };
}

/**
 * A line's status: the order's, except that an item cancelled inside a completed order (Shopee's item status),
 * or a Lazada line that is invalid, rejected or returned, is cancelled.
 */
function lineStatus(
  layout: ReportLayout,
  orderStatus: string,
  itemStatus: string,
  validity: string,
): { status: LineStatus; raw: string } | { unknown: string } {
  const order = statusOf(orderStatus);
  if (!order) return { unknown: orderStatus };
  const item = itemStatus ? statusOf(itemStatus) : null;
  // An item status the reader does not know is skipped with its reason, as the pull skips it: a new word is seen,
  // never read as the order's status.
  if (itemStatus && !item) return { unknown: itemStatus };
  if (item === 'cancelled') return { status: 'cancelled', raw: `${orderStatus} / ${itemStatus}` };
  if (layout.marketplace === 'lazada' && validity && statusOf(validity) === 'cancelled') {
    return { status: 'cancelled', raw: `${orderStatus} / ${validity}` };
  }
  return { status: order, raw: orderStatus };
}

export function isProblem(value: OrderLine | RowProblem): value is RowProblem {
  return (value as RowProblem).reason !== undefined;
}
