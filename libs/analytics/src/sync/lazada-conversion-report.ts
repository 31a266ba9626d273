import type { Attempt, LazadaReportAnswer, LazadaReportRange } from '@app/outbound';
import Decimal from 'decimal.js';
import type { OrderLine, RowProblem } from '../import/report-rows';
import { statusOf } from '../import/report-formats';
import { joinSubIds, lazadaItemId, parseReportTime } from '../import/report-values';
import { callFailedWords } from './shopee-conversion-report';

export class LazadaReportError extends Error {}

/** The rows of a report call made through the outbound client, or a `LazadaReportError` in the member's words. */
export function lazadaRowsOf(attempt: Attempt<LazadaReportAnswer>): unknown[] {
  if (!attempt.ok) throw new LazadaReportError(callFailedWords(attempt.failure.message));
  if ('error' in attempt.value) throw new LazadaReportError(lazadaErrorWords(attempt.value.error.code));
  return attempt.value.rows;
}

export function lazadaErrorWords(code: string): string {
  if (/Limit/i.test(code)) return "Lazada's rate limit was reached: the next sync tries again.";
  if (/AccessToken|Signature|AppKey|Session|Token|Permission/i.test(code)) {
    return `Lazada refused your app key, secret or user token (${code.slice(0, 40)}): check them in Settings.`;
  }
  return `Lazada answered error ${code.slice(0, 40)}: the next sync tries again.`;
}

/** Calendar months covering [start, end] (UTC days), each as its first and last day inside the range. */
export function monthRanges(start: Date, end: Date): LazadaReportRange[] {
  const ranges: LazadaReportRange[] = [];
  let cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  while (cursor <= end) {
    const monthEnd = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 0));
    const last = monthEnd < end ? monthEnd : end;
    ranges.push({ dateStart: cursor.toISOString().slice(0, 10), dateEnd: last.toISOString().slice(0, 10) });
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
  return ranges;
}

/**
 * Lazada report records → order lines (key order|subOrder|sku; invalid, rejected or returned is cancelled), the
 * same fields as the CSV's: dated by the order time (`orderTime`, else `conversionTime`), the item from the
 * product page (`pdpUrl`) or the SKU, the SKU as the detail. A status word the import does not know skips the
 * record with `unknown_status`, as the CSV import does.
 */
export function linesOfLazadaRows(rows: unknown[]): { lines: OrderLine[]; skipped: RowProblem[] } {
  const lines: OrderLine[] = [];
  const skipped: RowProblem[] = [];
  for (const raw of rows) {
    const r = raw as Record<string, unknown>;
    const s = (name: string) => (r[name] === undefined || r[name] === null ? '' : String(r[name]));
    const orderId = s('orderId').slice(0, 64);
    const sku = s('sku').slice(0, 64);
    const currency = s('currency').toUpperCase();
    if (!orderId || !sku || !/^[A-Z]{3}$/.test(currency)) continue;
    const purchasedAt = parseReportTime(s('orderTime') || s('conversionTime'), currency);
    if (!purchasedAt) continue;
    let status = statusOf(s('status'));
    if (!status) {
      skipped.push({
        reason: 'unknown_status',
        message: `Order ${orderId}, SKU ${sku}: status "${s('status').slice(0, 40)}" is not one the report uses`,
      });
      continue;
    }
    if (s('validity').toLowerCase() === 'invalid' || s('returnedTime')) status = 'cancelled';
    const payout = money(s('estPayout'));
    const completed = parseReportTime(s('deliveredTime'), currency) ?? null;
    lines.push({
      marketplace: 'lazada',
      lineKey: `${orderId}|${s('subOrderId').slice(0, 64)}|${sku}`,
      orderId,
      conversionId: '',
      itemId: lazadaItemId({ itemId: s('productId') || s('itemId'), productUrl: s('pdpUrl'), sku }),
      modelId: sku,
      itemName: s('skuName').slice(0, 500),
      shopId: s('sellerId').slice(0, 64),
      shopName: s('sellerName').slice(0, 500),
      status,
      rawStatus: `${s('status')} / ${s('validity')}`.slice(0, 100),
      currency,
      qty: 1,
      gmv: money(s('orderAmt')),
      commission: payout,
      netCommission: payout,
      subId: joinSubIds(['subId1', 'subId2', 'subId3', 'subId4', 'subId5', 'subId6'].map(s)),
      channel: s('platform').slice(0, 64),
      purchasedAt,
      completedAt: completed === undefined ? null : completed,
      clickedAt: null,
    });
  }
  return { lines, skipped };
}

function money(value: string): string {
  try {
    const d = new Decimal(value || '0');
    return d.isFinite() ? d.toDecimalPlaces(6).toFixed() : '0';
  } catch {
    return '0';
  }
}
