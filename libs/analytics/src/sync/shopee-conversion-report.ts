import { shopeeAuthorization } from '@app/outbound';
import Decimal from 'decimal.js';
import type { OrderLine } from '../import/report-rows';
import type { LineStatus } from '../import/report-formats';
import { subIdOfUtmContent } from '../import/report-values';

/** Rows per page: the documented maximum. */
export const SHOPEE_PAGE_LIMIT = 500;

export const CONVERSION_REPORT_QUERY = `query conversionReport($purchaseTimeStart: Int64, $purchaseTimeEnd: Int64, $limit: Int, $scrollId: String) {
  conversionReport(purchaseTimeStart: $purchaseTimeStart, purchaseTimeEnd: $purchaseTimeEnd, limit: $limit, scrollId: $scrollId) {
    nodes { purchaseTime clickTime conversionId utmContent totalCommission netCommission
      orders { orderId orderStatus items { shopId shopName completeTime itemId itemName actualAmount qty modelId itemTotalCommission displayItemStatus } } }
    pageInfo { limit hasNextPage scrollId }
  }
}`;

/** A Shopee Open API error, with the words the member sees. */
export class ShopeeReportError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Whether a fresh query (after the 30 s gap) may work: an expired or used scrollId. */
    readonly restartable = false,
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

export interface ShopeePage {
  nodes: unknown[];
  hasNextPage: boolean;
  scrollId: string | null;
}

/** One signed call of `conversionReport`. `send` is the HTTP transport (fetch), given for tests and timeouts. */
export async function fetchShopeePage(
  endpoint: string,
  credentials: { appId: string; secret: string },
  variables: { purchaseTimeStart: number; purchaseTimeEnd: number; scrollId?: string },
  nowSeconds: number,
  signal: AbortSignal,
): Promise<ShopeePage> {
  const body = JSON.stringify({
    query: CONVERSION_REPORT_QUERY,
    operationName: 'conversionReport',
    variables: { ...variables, limit: SHOPEE_PAGE_LIMIT },
  });
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: shopeeAuthorization(credentials.appId, credentials.secret, nowSeconds, body),
    },
    body,
    signal,
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new ShopeeReportError(0, `Shopee answered HTTP ${res.status}: the next sync tries again.`);
  let parsed: {
    data?: { conversionReport?: { nodes?: unknown[]; pageInfo?: { hasNextPage?: boolean; scrollId?: string } } };
    errors?: Array<{ message?: string; extensions?: { code?: number; message?: string } }>;
  };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ShopeeReportError(0, 'Shopee answered something that is not JSON: the next sync tries again.');
  }
  const error = parsed.errors?.[0];
  if (error) {
    const code = Number(error.extensions?.code ?? 0);
    const detail = String(error.extensions?.message ?? error.message ?? '');
    throw new ShopeeReportError(code, shopeeErrorWords(code, detail), /scroll/i.test(detail));
  }
  const report = parsed.data?.conversionReport;
  if (!report || !Array.isArray(report.nodes)) throw new ShopeeReportError(0, 'Shopee answered without a report.');
  return {
    nodes: report.nodes,
    hasNextPage: report.pageInfo?.hasNextPage === true,
    scrollId:
      typeof report.pageInfo?.scrollId === 'string' && report.pageInfo.scrollId ? report.pageInfo.scrollId : null,
  };
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

/**
 * The order lines of a page's conversions (one per item, keyed as the CSV import keys them). The API gives the
 * net commission per conversion (after the MCN fee) and the commission per item: an item's net is its share,
 * `itemTotalCommission × netCommission / totalCommission` (exact; 0 when the total is 0). Money is a string in the
 * API, read exactly; unreadable nodes are skipped.
 */
export function linesOfShopeeNodes(nodes: unknown[], currency: string): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const raw of nodes) {
    const node = raw as Record<string, unknown>;
    const purchase = Number(node.purchaseTime);
    if (!Number.isFinite(purchase)) continue;
    const total = decimal(node.totalCommission);
    const net = decimal(node.netCommission);
    const share = total.isZero() ? new Decimal(0) : net.div(total);
    for (const order of (node.orders as Array<Record<string, unknown>>) ?? []) {
      const orderId = String(order.orderId ?? '').slice(0, 64);
      if (!orderId) continue;
      for (const item of (order.items as Array<Record<string, unknown>>) ?? []) {
        const itemId = String(item.itemId ?? '').slice(0, 64);
        if (!itemId) continue;
        const modelId = item.modelId === undefined || item.modelId === null ? '' : String(item.modelId).slice(0, 64);
        const orderStatus = ORDER_STATUS[String(order.orderStatus ?? '').toUpperCase()] ?? 'pending';
        const itemStatus = ITEM_STATUS[String(item.displayItemStatus ?? '').toUpperCase()];
        const status: LineStatus =
          itemStatus === 'cancelled' || orderStatus === 'cancelled'
            ? 'cancelled'
            : orderStatus === 'unpaid'
              ? 'unpaid'
              : (itemStatus ?? orderStatus);
        const commission = decimal(item.itemTotalCommission);
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
          rawStatus: `${String(order.orderStatus ?? '')} / ${String(item.displayItemStatus ?? '')}`.slice(0, 100),
          currency,
          qty: Math.max(0, Math.floor(Number(item.qty) || 1)),
          gmv: decimal(item.actualAmount).toFixed(),
          commission: commission.toFixed(),
          netCommission: commission.times(share).toDecimalPlaces(6).toFixed(),
          subId: subIdOfUtmContent(typeof node.utmContent === 'string' ? node.utmContent : ''),
          channel: '',
          purchasedAt: new Date(purchase * 1000),
          completedAt: completeTime > 0 ? new Date(completeTime * 1000) : null,
          clickedAt: clickTime > 0 ? new Date(clickTime * 1000) : null,
        });
      }
    }
  }
  return lines;
}

function decimal(value: unknown): Decimal {
  try {
    const d = new Decimal(typeof value === 'string' || typeof value === 'number' ? value : 0);
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}
