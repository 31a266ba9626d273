import { createHmac } from 'node:crypto';
import type { OutboundRequest, OutboundResponse } from '../http/outbound-http';
import { outboundFailure, type OutboundFailure, type OutboundResult } from '../outbound-failure';
import type { Attempt } from '../resilience/provider-gates';
import { fail, failureForStatus, isRecord, parseJson, safeLink, unreadable } from './common';

export interface LazadaCredentials {
  appKey: string;
  appSecret: string;
  userToken: string;
}

export const LAZADA_GETLINK_PATH = '/marketing/getlink';
/** `inputValue` takes at most 100 comma-separated values. */
export const LAZADA_BATCH_SIZE = 100;

const LAZADA_REGIONS: ReadonlySet<string> = new Set(['vn', 'co.th', 'com.my', 'co.id', 'com.ph', 'sg']);

export function lazadaApiRegion(linkRegion: string): string | null {
  return LAZADA_REGIONS.has(linkRegion) ? linkRegion : null;
}

/**
 * Lazada Open Platform signature: uppercase hex HMAC-SHA256(appSecret, apiPath + every parameter but `sign`
 * as key + value, sorted by key).
 */
export function lazadaSign(appSecret: string, apiPath: string, params: Readonly<Record<string, string>>): string {
  const text =
    apiPath +
    Object.keys(params)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}${params[key]}`)
      .join('');
  return createHmac('sha256', appSecret).update(text, 'utf8').digest('hex').toUpperCase();
}

/** `GET <base>/marketing/getlink` for up to 100 product URLs. */
export function lazadaGetLinkRequest(
  baseUrl: string,
  urls: readonly string[],
  subIds: readonly string[],
  credentials: LazadaCredentials,
  timestampMs: number,
): OutboundRequest {
  const params: Record<string, string> = { inputType: 'url', inputValue: urls.join(',') };
  subIds.slice(0, 6).forEach((subId, i) => (params[`subId${i + 1}`] = subId));
  return { method: 'GET', url: lazadaSignedUrl(baseUrl, LAZADA_GETLINK_PATH, credentials, timestampMs, params) };
}

/**
 * `<base><apiPath>?<query>`: the parameters every Lazada Open Platform call sends (app key, timestamp, signature
 * method, user token), then the call's own `params`, then `sign` over them all.
 */
export function lazadaSignedUrl(
  baseUrl: string,
  apiPath: string,
  credentials: LazadaCredentials,
  timestampMs: number,
  params: Readonly<Record<string, string>>,
): string {
  const signed: Record<string, string> = {
    app_key: credentials.appKey,
    timestamp: String(timestampMs),
    sign_method: 'sha256',
    userToken: credentials.userToken,
    ...params,
  };
  signed.sign = lazadaSign(credentials.appSecret, apiPath, signed);
  return `${baseUrl}${apiPath}?${new URLSearchParams(signed)}`;
}

const label = 'The Lazada Affiliate API';

/**
 * The answer: `{code: "0", result: {data: {urlBatchGetLinkInfoList: [{originalUrl, regularPromotionLink, ...}],
 * errorInfoList: [{inputValue, errorCode, errorMsg}]}}}` (some answers put `data` at the top level); a refused
 * call is `{code: "<ErrorCode>", type, message, request_id}`. One result per requested URL.
 */
export function parseLazadaGetLink(
  res: OutboundResponse,
  urls: readonly string[],
): Attempt<Map<string, OutboundResult>> {
  const body = parseJson(res.text);
  if (isRecord(body) && typeof body.code === 'string' && body.code !== '0') return fail(lazadaFailure(body.code));
  if (res.status !== 200) return fail(failureForStatus(res.status, label));
  if (!isRecord(body)) return fail(unreadable(label));
  const data =
    isRecord(body.result) && isRecord(body.result.data) ? body.result.data : isRecord(body.data) ? body.data : null;
  if (!data) return fail(unreadable(label));
  const results = new Map<string, OutboundResult>();
  const links = Array.isArray(data.urlBatchGetLinkInfoList) ? data.urlBatchGetLinkInfoList : [];
  for (const entry of links) {
    if (!isRecord(entry) || typeof entry.originalUrl !== 'string' || !urls.includes(entry.originalUrl)) continue;
    const link = safeLink(entry.regularPromotionLink);
    results.set(entry.originalUrl, link ? { ok: true, url: link } : { ok: false, failure: unreadable(label) });
  }
  const errors = Array.isArray(data.errorInfoList) ? data.errorInfoList : [];
  for (const entry of errors) {
    if (!isRecord(entry) || typeof entry.inputValue !== 'string' || !urls.includes(entry.inputValue)) continue;
    results.set(entry.inputValue, {
      ok: false,
      failure: outboundFailure.rejected(`${label} refused this product (not found or not in the affiliate programme)`),
    });
  }
  for (const url of urls) {
    if (!results.has(url)) results.set(url, { ok: false, failure: unreadable(label) });
  }
  return { ok: true, value: results };
}

export function lazadaFailure(code: string): OutboundFailure {
  if (/Limit/i.test(code)) return outboundFailure.rateLimited(`${label} refused: rate limit reached`);
  if (/AccessToken|Signature|AppKey|Session|Token|Permission/i.test(code)) {
    return outboundFailure.credentials(`${label} refused your Lazada credentials (app key, secret or user token)`);
  }
  if (/Timeout|InternalError|ServiceUnavailable|SystemError/i.test(code)) {
    return outboundFailure.unavailable(`${label} had a system error`);
  }
  return outboundFailure.rejected(`${label} refused the request`);
}
