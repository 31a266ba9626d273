import { createHash } from 'node:crypto';
import type { OutboundRequest, OutboundResponse } from '../http/outbound-http';
import { outboundFailure, type OutboundFailure, type OutboundResult } from '../outbound-failure';
import type { Attempt } from '../resilience/provider-gates';
import { fail, failureForStatus, isRecord, linkOrUnreadable, parseJson, unreadable } from './common';

export interface ShopeeAppCredentials {
  appId: string;
  secret: string;
}

/**
 * The Shopee Affiliate Open API `Authorization` header:
 * `SHA256 Credential={AppId}, Timestamp={Timestamp}, Signature={lowercase hex SHA256(AppId + Timestamp + Payload + Secret)}`,
 * Payload being the exact JSON body sent, Timestamp in unix seconds (within ±10 minutes of Shopee's clock).
 */
export function shopeeAuthorization(appId: string, secret: string, timestamp: number, payload: string): string {
  const signature = createHash('sha256').update(`${appId}${timestamp}${payload}${secret}`, 'utf8').digest('hex');
  return `SHA256 Credential=${appId}, Timestamp=${timestamp}, Signature=${signature}`;
}

/**
 * The Open API host suffix for each Shopee site (`open-api.affiliate.shopee.<suffix>`), by the link's domain
 * suffix. Sites without an affiliate Open API (Shopee left Chile, Colombia, Mexico) are absent.
 */
const OPEN_API_REGIONS: Readonly<Record<string, string>> = {
  vn: 'vn',
  sg: 'sg',
  'com.my': 'com.my',
  my: 'com.my',
  'co.th': 'co.th',
  'co.id': 'co.id',
  ph: 'ph',
  tw: 'tw',
  'com.br': 'com.br',
};

export function shopeeOpenApiRegion(linkRegion: string): string | null {
  return OPEN_API_REGIONS[linkRegion] ?? null;
}

export const GENERATE_SHORT_LINK =
  'mutation generateShortLink($originUrl: String!, $subIds: [String]) { generateShortLink(input: {originUrl: $originUrl, subIds: $subIds}) { shortLink } }';

const label = 'The Shopee Affiliate Open API';

/** `generateShortLink` for one URL, with the member's app credentials, signed at `timestamp` (unix seconds). */
export function shopeeShortLinkRequest(
  endpoint: string,
  originUrl: string,
  subIds: readonly string[],
  credentials: ShopeeAppCredentials,
  timestamp: number,
): OutboundRequest {
  const body = JSON.stringify({
    query: GENERATE_SHORT_LINK,
    operationName: 'generateShortLink',
    variables: { originUrl, subIds: [...subIds] },
  });
  return shopeeGraphqlRequest(endpoint, body, credentials, timestamp);
}

/** A POST of the GraphQL `body` to the Open API `endpoint`, signed with the app's credentials at `timestamp` (s). */
export function shopeeGraphqlRequest(
  endpoint: string,
  body: string,
  credentials: ShopeeAppCredentials,
  timestamp: number,
): OutboundRequest {
  return {
    method: 'POST',
    url: endpoint,
    headers: {
      'content-type': 'application/json',
      authorization: shopeeAuthorization(credentials.appId, credentials.secret, timestamp, body),
    },
    body,
  };
}

/**
 * The answer: always HTTP 200 once received, `{data: {generateShortLink: {shortLink}}}` or
 * `{errors: [{message, path, extensions: {code, message}}]}` with the documented codes.
 */
export function parseShopeeShortLink(res: OutboundResponse): Attempt<OutboundResult> {
  if (res.status !== 200) return fail(failureForStatus(res.status, label));
  const body = parseJson(res.text);
  if (!isRecord(body)) return fail(unreadable(label));
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first = body.errors[0];
    const code = isRecord(first) && isRecord(first.extensions) ? Number(first.extensions.code) : NaN;
    return fail(shopeeFailure(code));
  }
  const data = isRecord(body.data) && isRecord(body.data.generateShortLink) ? body.data.generateShortLink : null;
  return data ? linkOrUnreadable(data.shortLink, label) : fail(unreadable(label));
}

export function shopeeFailure(code: number): OutboundFailure {
  switch (code) {
    case 10000:
      return outboundFailure.unavailable(`${label} had a system error`);
    case 10010:
      return outboundFailure.rejected(`${label} could not parse the request`);
    case 10020:
      return outboundFailure.credentials(
        `${label} refused your app credentials (identity authentication error: check the app id and secret)`,
      );
    case 10030:
      return outboundFailure.rateLimited(`${label} refused: your app's hourly rate limit is reached`);
    case 10031:
      return outboundFailure.credentials(`${label} denied access to your app`);
    case 10035:
      return outboundFailure.credentials(`${label} says your account has no access to the Open API platform`);
    case 10032:
      return outboundFailure.rejected(`${label} refused: invalid affiliate id`);
    case 10033:
      return outboundFailure.rejected(`${label} refused: the affiliate account is frozen`);
    case 10034:
      return outboundFailure.rejected(`${label} refused: the affiliate id is blacklisted`);
    case 11000:
      return outboundFailure.rejected(`${label} refused this link (business error)`);
    case 11001:
      return outboundFailure.rejected(`${label} refused this link (parameter error)`);
    case 11002:
      return outboundFailure.rejected(`${label} refused: account binding error`);
    default:
      return unreadable(label);
  }
}
