import type { Attempt, ShopeeReportAnswer, ShopeeReportPage } from '@app/outbound';
import Decimal from 'decimal.js';
import type { OrderLine, RowProblem } from '../import/report-rows';
import type { LineStatus } from '../import/report-formats';
import { subIdOfUtmContent } from '../import/report-values';

/** A Shopee Open API error, with the words the member sees. */
export class ShopeeReportError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Whether a fresh query (after the 30 s gap) may work: an expired or used scrollId. */
    readonly restartable = false,
    /** Shopee's own words. */
    readonly detail = '',
  ) {
    super(message);
  }
}

/** The member-facing words of the documented codes (10020, 10030, 10035 and the others). */
export function shopeeErrorWords(code: number, detail: string): string {
  const said = detail ? ` (Shopee said: ${detail.slice(0, 120)})` : '';
  switch (code) {
    case 10020:
      return `Shopee refused your app id and secret${said}: check them in Settings, and that your computer's clock is right.`;
    case 10030:
      return "Shopee's limit for your app was reached (2,000 calls an hour): the next sync tries again.";
    case 10035:
      return 'Your Shopee affiliate account has no access to the Open API platform: ask Shopee for access (help.shopee.vn webform), or import the commission report CSV instead.';
    case 10031:
    case 10032:
    case 10033:
    case 10034:
      return `Shopee refused access to your affiliate account${said}.`;
    case 10010:
    case 11001:
      return `Shopee refused the request${said}.`;
    default:
      return `Shopee answered error ${code}${said}.`;
  }
}

/** The words of a fresh query refused (10030) right after another: Shopee's gap between queries, not the hourly limit. */
export function shopeeGapWords(gapMs: number, detail: string): string {
  const said = detail ? ` (Shopee said: ${detail.slice(0, 120)})` : '';
  return (
    `Shopee refused a new report query so soon after the previous one${said}: it asks for ` +
    `${gapMs / 1000} s between two; the next sync tries again.`
  );
}

/**
 * The page of a `conversionReport` call made through the outbound client, or a `ShopeeReportError` in the member's
 * words: an error of the API's own (restartable when Shopee says the scrollId expired or was used), or the call's
 * failure (not reached, timed out, its circuit open after repeated failures, an unreadable answer).
 */
export function shopeePageOf(attempt: Attempt<ShopeeReportAnswer>): ShopeeReportPage {
  if (!attempt.ok) throw new ShopeeReportError(0, callFailedWords(attempt.failure.message));
  if ('error' in attempt.value) {
    const { code, detail } = attempt.value.error;
    throw new ShopeeReportError(code, shopeeErrorWords(code, detail), /scroll/i.test(detail), detail);
  }
  return attempt.value.page;
}

/** A call that got no usable answer, in words: what happened (our words, never the service's), and what is next. */
export function callFailedWords(message: string): string {
  return `The sync stopped: ${message.replace(/\.$/, '')}; the next sync tries again (nothing already imported is lost).`;
}

const ITEM_STATUS: Record<string, LineStatus> = {
  TO_BE_COMPLETED: 'pending',
  COMPLETED: 'completed',
  COMPLETED_PARTIAL_REFUNDED: 'completed',
  CANCEL: 'cancelled',
  CANCELLED: 'cancelled',
};
const ORDER_STATUS: Record<string, LineStatus> = {
  UNPAID: 'unpaid',
  PENDING: 'pending',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
};

/** Exact arithmetic for the shares (decimal.js' default 20 significant digits would round a product). */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });

/** What a page of the pull gives: its lines, and the items it skipped with the reason (as the CSV import). */
export interface PulledLines {
  lines: OrderLine[];
  skipped: RowProblem[];
}

/**
 * The order lines of a page's conversions (one per item, keyed as the CSV import keys them). The API gives the
 * net commission per conversion (after the MCN fee) and the commission per item: each item's net is its share of
 * the conversion's net in proportion to its commission, to 6 decimals, the remainder carried from one item to
 * the next (`itemShares`), so a conversion's item nets add up exactly to its net, as the CSV's do. Money is a
 * string in the API, read exactly. An item whose status word is unknown is skipped with `unknown_status` (a new
 * word is seen, never guessed); unreadable nodes are skipped.
 */
export function linesOfShopeeNodes(nodes: unknown[], currency: string): PulledLines {
  const lines: OrderLine[] = [];
  const skipped: RowProblem[] = [];
  for (const raw of nodes) {
    const node = raw as Record<string, unknown>;
    const purchase = Number(node.purchaseTime);
    if (!Number.isFinite(purchase)) continue;
    const items: Array<{ order: Record<string, unknown>; item: Record<string, unknown> }> = [];
    for (const order of (node.orders as Array<Record<string, unknown>>) ?? []) {
      for (const item of (order.items as Array<Record<string, unknown>>) ?? []) items.push({ order, item });
    }
    const nets = itemShares(
      decimal(node.netCommission),
      items.map(({ item }) => decimal(item.itemTotalCommission)),
    );
    items.forEach(({ order, item }, index) => {
      const orderId = String(order.orderId ?? '').slice(0, 64);
      const itemId = String(item.itemId ?? '').slice(0, 64);
      if (!orderId || !itemId) return;
      const modelId = item.modelId === undefined || item.modelId === null ? '' : String(item.modelId).slice(0, 64);
      const rawStatus = `${String(order.orderStatus ?? '')} / ${String(item.displayItemStatus ?? '')}`.slice(0, 100);
      const status = shopeeLineStatus(order.orderStatus, item.displayItemStatus);
      if (!status) {
        skipped.push({
          reason: 'unknown_status',
          message: `Order ${orderId}, item ${itemId}: status "${rawStatus}" is not one the report uses`,
        });
        return;
      }
      const completeTime = Number(item.completeTime);
      const clickTime = Number(node.clickTime);
      lines.push({
        marketplace: 'shopee',
        lineKey: `${orderId}|${itemId}|${modelId}`,
        orderId,
        conversionId: String(node.conversionId ?? '').slice(0, 64),
        itemId,
        modelId,
        itemName: String(item.itemName ?? '').slice(0, 500),
        shopId: String(item.shopId ?? '').slice(0, 64),
        shopName: String(item.shopName ?? '').slice(0, 500),
        status,
        rawStatus,
        currency,
        qty: Math.max(0, Math.floor(Number(item.qty) || 1)),
        gmv: decimal(item.actualAmount).toFixed(),
        commission: decimal(item.itemTotalCommission).toFixed(),
        netCommission: nets[index].toFixed(),
        subId: subIdOfUtmContent(typeof node.utmContent === 'string' ? node.utmContent : ''),
        channel: '',
        purchasedAt: new Date(purchase * 1000),
        completedAt: completeTime > 0 ? new Date(completeTime * 1000) : null,
        clickedAt: clickTime > 0 ? new Date(clickTime * 1000) : null,
      });
    });
  }
  return { lines, skipped };
}

/**
 * `net` split over items in proportion to `weights` (equal parts when they are all 0), each share to 6 decimals
 * and the shares adding up exactly to `net` (rounded to 6 decimals): each share is the rounded running total up to
 * and including the item less the rounded running total before it, so what one item's rounding cuts is carried
 * into the next.
 */
export function itemShares(net: Decimal, weights: Decimal[]): Decimal[] {
  if (weights.length === 0) return [];
  const parts = weights.every((w) => w.isZero()) ? weights.map(() => new Decimal(1)) : weights;
  const total = parts.reduce((sum, w) => sum.plus(w), new Exact(0));
  const exactNet = new Exact(net);
  let running = new Exact(0);
  let before = new Exact(0);
  return parts.map((weight) => {
    running = running.plus(weight);
    const upTo = exactNet.times(running).div(total).toDecimalPlaces(6);
    const share = upTo.minus(before);
    before = upTo;
    return new Decimal(share.toFixed());
  });
}

/**
 * A Shopee line's status from the API's order status and item status (an item cancelled in a completed order is
 * cancelled; an unpaid order's items are unpaid), or null when either word is not one the API documents.
 */
function shopeeLineStatus(orderWord: unknown, itemWord: unknown): LineStatus | null {
  const orderStatus = ORDER_STATUS[String(orderWord ?? '').toUpperCase()];
  const itemText = String(itemWord ?? '').toUpperCase();
  const itemStatus = itemText === '' ? undefined : ITEM_STATUS[itemText];
  if (!orderStatus || (itemText !== '' && !itemStatus)) return null;
  if (itemStatus === 'cancelled' || orderStatus === 'cancelled') return 'cancelled';
  if (orderStatus === 'unpaid') return 'unpaid';
  return itemStatus ?? orderStatus;
}

function decimal(value: unknown): Decimal {
  try {
    const d = new Decimal(typeof value === 'string' || typeof value === 'number' ? value : 0);
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}
