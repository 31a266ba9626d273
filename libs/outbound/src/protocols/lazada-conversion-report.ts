import type { OutboundRequest, OutboundResponse } from '../http/outbound-http';
import type { Attempt } from '../resilience/provider-gates';
import { fail, failureForStatus, isRecord, parseJson, unreadable } from './common';
import { lazadaFailure, lazadaSignedUrl, type LazadaCredentials } from './lazada-affiliate';
import { REPORT_MAX_BODY_BYTES } from './shopee-conversion-report';

export const LAZADA_REPORT_PATH = '/marketing/conversion/report';
/** Rows per page of the conversion report: the documented maximum. */
export const LAZADA_REPORT_PAGE_LIMIT = 100;

/** Days inside one calendar month (`YYYY-MM-DD`): the report answers one month per call. */
export interface LazadaReportRange {
  dateStart: string;
  dateEnd: string;
}

/**
 * What one report call answered: its rows, or an error code of Lazada's own (refused credentials, its rate limit)
 * that the caller words. A system error, an HTTP error or an unreadable answer is a failure of the call instead.
 */
export type LazadaReportAnswer = { rows: unknown[] } | { error: { code: string } };

/** `GET <base>/marketing/conversion/report` for one page of `range`, signed at `timestampMs`. */
export function lazadaConversionReportRequest(
  baseUrl: string,
  credentials: LazadaCredentials,
  range: LazadaReportRange,
  page: number,
  timestampMs: number,
): OutboundRequest {
  const params = {
    dateStart: range.dateStart,
    dateEnd: range.dateEnd,
    page: String(page),
    limit: String(LAZADA_REPORT_PAGE_LIMIT),
  };
  return {
    method: 'GET',
    url: lazadaSignedUrl(baseUrl.replace(/\/+$/, ''), LAZADA_REPORT_PATH, credentials, timestampMs, params),
    maxBodyBytes: REPORT_MAX_BODY_BYTES,
  };
}

const label = 'The Lazada Affiliate API';

export function parseLazadaConversionReport(res: OutboundResponse): Attempt<LazadaReportAnswer> {
  const body = parseJson(res.text);
  if (isRecord(body) && body.code !== undefined && String(body.code) !== '0') {
    const code = String(body.code).slice(0, 40);
    const failure = lazadaFailure(code);
    return failure.code === 'upstream_unavailable' ? fail(failure) : { ok: true, value: { error: { code } } };
  }
  if (res.status !== 200) return fail(failureForStatus(res.status, label));
  if (!isRecord(body)) return fail(unreadable(label));
  const rows = isRecord(body.result) && Array.isArray(body.result.data) ? body.result.data : body.data;
  return Array.isArray(rows) ? { ok: true, value: { rows } } : fail(unreadable(label));
}
