import type { OutboundRequest, OutboundResponse } from '../http/outbound-http';
import { outboundFailure, type OutboundResult } from '../outbound-failure';
import type { OutboundOptions } from '../outbound-options';
import type { Attempt } from '../resilience/provider-gates';
import { fail, failureForStatus, isRecord, linkOrUnreadable, parseJson, unreadable } from './common';

/** One external shortener's protocol: the request for one long URL, and what its answer means. */
export interface ShortenerProtocol {
  request(longUrl: string, credential: string | null): OutboundRequest;
  parse(response: OutboundResponse): Attempt<OutboundResult>;
}

/**
 * TinyURL without a token: `GET /api-create.php?url=<enc>` answers the short URL as text/plain, or 400 `Error`
 * (invalid URL, alias taken).
 */
export function tinyUrlLegacy(options: OutboundOptions): ShortenerProtocol {
  const label = 'TinyURL';
  return {
    request: (longUrl) => ({
      method: 'GET',
      url: `${options.urls.tinyurl}/api-create.php?url=${encodeURIComponent(longUrl)}`,
      headers: { accept: 'text/plain' },
    }),
    parse: (res) => {
      if (res.status === 200) return linkOrUnreadable(res.text, label);
      if (res.status === 400) return fail(outboundFailure.rejected(`${label} refused this link (invalid URL)`));
      return fail(failureForStatus(res.status, label));
    },
  };
}

/**
 * TinyURL API v2 with the service's token: `POST /create` `{url, domain}` → `{data:{tiny_url}, code:0, errors:[]}`;
 * 401 `{code:1, errors:["Unauthenticated."]}`; 422 `{code:5, errors:["The url is invalid."]}`.
 */
export function tinyUrlV2(options: OutboundOptions): ShortenerProtocol {
  const label = 'TinyURL';
  return {
    request: (longUrl) => ({
      method: 'POST',
      url: `${options.urls.tinyurlApi}/create`,
      headers: { authorization: `Bearer ${options.tinyurlApiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: longUrl, domain: 'tinyurl.com' }),
    }),
    parse: (res) => {
      const body = parseJson(res.text);
      if (res.status === 200) {
        if (!isRecord(body) || !isRecord(body.data)) return fail(unreadable(label));
        return linkOrUnreadable(body.data.tiny_url, label);
      }
      if (res.status === 401) return fail(outboundFailure.credentials(`${label} refused the service's API token`));
      if (res.status === 422 || res.status === 400) {
        return fail(outboundFailure.rejected(`${label} refused this link (invalid URL or alias)`));
      }
      return fail(failureForStatus(res.status, label));
    },
  };
}

/**
 * is.gd and v.gd: `GET /create.php?format=json&url=<enc>` → `{shorturl}` or `{errorcode, errormessage}`:
 * 1 bad long URL, 2 bad custom short URL, 3 rate limit (per IP: ours), 4 any other error (maintenance).
 */
export function isGdFamily(baseUrl: string, label: string): ShortenerProtocol {
  return {
    request: (longUrl) => ({
      method: 'GET',
      url: `${baseUrl}/create.php?format=json&url=${encodeURIComponent(longUrl)}`,
    }),
    parse: (res) => {
      const body = parseJson(res.text);
      if (isRecord(body) && body.errorcode !== undefined) {
        switch (Number(body.errorcode)) {
          case 1:
          case 2:
            return fail(outboundFailure.rejected(`${label} refused this link (invalid URL)`));
          case 3:
            return fail(
              outboundFailure.rateLimited(`${label} refused: rate limit reached, try again in a minute`, true),
            );
          default:
            return fail(outboundFailure.unavailable(`${label} could not shorten the link right now (maintenance?)`));
        }
      }
      if (res.status === 200) return isRecord(body) ? linkOrUnreadable(body.shorturl, label) : fail(unreadable(label));
      if (res.status === 502) {
        // The documented rate-limit answer of the simple format; in JSON format a 502 is a plain server error.
        return fail(outboundFailure.unavailable(`${label} answered with a server error (HTTP 502)`));
      }
      return fail(failureForStatus(res.status, label));
    },
  };
}

/**
 * Bitly v4 with the member's token: `POST /v4/shorten` `{long_url, domain}` → 200/201 `{link, ...}`; errors
 * `{message, description, resource, errors}`: 400 `INVALID_ARG_LONG_URL`/`ALREADY_A_BITLY_LINK`, 403 `FORBIDDEN`,
 * 429 `MONTHLY_ENCODE_LIMIT_REACHED`/`RATE_LIMIT_EXCEEDED`.
 */
export function bitly(options: OutboundOptions): ShortenerProtocol {
  const label = 'Bitly';
  return {
    request: (longUrl, token) => ({
      method: 'POST',
      url: `${options.urls.bitly}/v4/shorten`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ long_url: longUrl, domain: 'bit.ly' }),
    }),
    parse: (res) => {
      const body = parseJson(res.text);
      if (res.status === 200 || res.status === 201) {
        return isRecord(body) ? linkOrUnreadable(body.link, label) : fail(unreadable(label));
      }
      const message = isRecord(body) && typeof body.message === 'string' ? body.message : '';
      if (res.status === 429) {
        return fail(
          outboundFailure.rateLimited(
            message === 'MONTHLY_ENCODE_LIMIT_REACHED'
              ? `${label} refused: the monthly link limit of your Bitly plan is reached`
              : `${label} refused: rate limit of your Bitly account reached`,
          ),
        );
      }
      if (res.status === 401 || res.status === 403) {
        return fail(
          outboundFailure.credentials(`${label} refused your access token (check it in your account settings)`),
        );
      }
      if (res.status === 400 || res.status === 422) {
        const why = message === 'ALREADY_A_BITLY_LINK' ? 'already a Bitly link' : 'invalid URL';
        return fail(outboundFailure.rejected(`${label} refused this link (${why})`));
      }
      return fail(failureForStatus(res.status, label));
    },
  };
}

/**
 * Cutt.ly with the member's key: `GET /api/api.php?key=<key>&short=<enc>` → `{url:{status, shortLink, ...}}`;
 * status 7 = shortened; 1 already a cutt.ly link, 2 not a link, 3 alias taken, 4 invalid key, 5 invalid
 * characters, 6 blocked domain, 8 the plan's monthly limit; HTTP 401 `{auth:false}`.
 */
export function cuttly(options: OutboundOptions): ShortenerProtocol {
  const label = 'Cutt.ly';
  const reasons: Record<number, string> = {
    1: 'already a Cutt.ly link',
    2: 'not a link',
    3: 'alias taken',
    5: 'invalid characters',
    6: 'blocked domain',
  };
  return {
    request: (longUrl, key) => ({
      method: 'GET',
      url: `${options.urls.cuttly}/api/api.php?key=${encodeURIComponent(key ?? '')}&short=${encodeURIComponent(longUrl)}`,
    }),
    parse: (res) => {
      const body = parseJson(res.text);
      if (res.status === 401) {
        return fail(outboundFailure.credentials(`${label} refused your API key (check it in your account settings)`));
      }
      if (res.status !== 200) return fail(failureForStatus(res.status, label));
      if (!isRecord(body) || !isRecord(body.url)) return fail(unreadable(label));
      const status = Number(body.url.status);
      if (status === 7) return linkOrUnreadable(body.url.shortLink, label);
      if (status === 4) {
        return fail(outboundFailure.credentials(`${label} refused your API key (check it in your account settings)`));
      }
      if (status === 8) return fail(outboundFailure.rateLimited(`${label} refused: your plan's link limit is reached`));
      if (reasons[status]) return fail(outboundFailure.rejected(`${label} refused this link (${reasons[status]})`));
      return fail(unreadable(label));
    },
  };
}
