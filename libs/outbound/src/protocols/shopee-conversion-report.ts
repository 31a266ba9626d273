import type { OutboundRequest, OutboundResponse } from '../http/outbound-http';
import type { Attempt } from '../resilience/provider-gates';
import { fail, failureForStatus, isRecord, parseJson, unreadable } from './common';
import { shopeeFailure, shopeeGraphqlRequest, type ShopeeAppCredentials } from './shopee-open-api';

/** Rows per page of `conversionReport`: the documented maximum. */
export const SHOPEE_REPORT_PAGE_LIMIT = 500;

/** A report page is far larger than a link's answer: 500 conversions with their orders and items. */
export const REPORT_MAX_BODY_BYTES = 16 * 1024 * 1024;

export const CONVERSION_REPORT_QUERY = `query conversionReport($purchaseTimeStart: Int64, $purchaseTimeEnd: Int64, $limit: Int, $scrollId: String) {
  conversionReport(purchaseTimeStart: $purchaseTimeStart, purchaseTimeEnd: $purchaseTimeEnd, limit: $limit, scrollId: $scrollId) {
    nodes { purchaseTime clickTime conversionId utmContent totalCommission netCommission
      orders { orderId orderStatus items { shopId shopName completeTime itemId itemName actualAmount qty modelId itemTotalCommission displayItemStatus } } }
    pageInfo { limit hasNextPage scrollId }
  }
}`;

export interface ShopeeReportQuery {
  /** Unix seconds. */
  purchaseTimeStart: number;
  purchaseTimeEnd: number;
  scrollId?: string;
}

export interface ShopeeReportPage {
  nodes: unknown[];
  hasNextPage: boolean;
  scrollId: string | null;
}

/**
 * What one `conversionReport` call answered: a page, or an error of the API's own (`code` and Shopee's words) that
 * the caller reads (an expired scrollId, the gap between fresh queries, refused credentials). A system error (10000),
 * an HTTP error or an unreadable answer is a failure of the call instead (retried when worth it, counted by the
 * breaker).
 */
export type ShopeeReportAnswer = { page: ShopeeReportPage } | { error: { code: number; detail: string } };

/** The signed `conversionReport` request at `timestamp` (unix seconds). */
export function shopeeConversionReportRequest(
  endpoint: string,
  credentials: ShopeeAppCredentials,
  query: ShopeeReportQuery,
  timestamp: number,
): OutboundRequest {
  const body = JSON.stringify({
    query: CONVERSION_REPORT_QUERY,
    operationName: 'conversionReport',
    variables: { ...query, limit: SHOPEE_REPORT_PAGE_LIMIT },
  });
  return { ...shopeeGraphqlRequest(endpoint, body, credentials, timestamp), maxBodyBytes: REPORT_MAX_BODY_BYTES };
}

const label = 'The Shopee Affiliate Open API';

export function parseShopeeConversionReport(res: OutboundResponse): Attempt<ShopeeReportAnswer> {
  if (res.status !== 200) return fail(failureForStatus(res.status, label));
  const body = parseJson(res.text);
  if (!isRecord(body)) return fail(unreadable(label));
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first = isRecord(body.errors[0]) ? body.errors[0] : {};
    const extensions = isRecord(first.extensions) ? first.extensions : {};
    const code = Number(extensions.code ?? 0) || 0;
    if (code === 10000) return fail(shopeeFailure(code));
    const detail = String(extensions.message ?? first.message ?? '').slice(0, 500);
    return { ok: true, value: { error: { code, detail } } };
  }
  const report = isRecord(body.data) && isRecord(body.data.conversionReport) ? body.data.conversionReport : null;
  if (!report || !Array.isArray(report.nodes)) return fail(unreadable(label));
  const pageInfo = isRecord(report.pageInfo) ? report.pageInfo : {};
  const scrollId = typeof pageInfo.scrollId === 'string' && pageInfo.scrollId ? pageInfo.scrollId : null;
  return { ok: true, value: { page: { nodes: report.nodes, hasNextPage: pageInfo.hasNextPage === true, scrollId } } };
}
