import { OutboundHttp, OutboundHttpError, type OutboundRequest, type OutboundResponse } from '../http/outbound-http';
import { outboundFailure, type OutboundFailure, type OutboundResult } from '../outbound-failure';
import { PROVIDER_LABELS, type OutboundProvider } from '../providers';
import type { Attempt } from '../resilience/provider-gates';

const MAX_LINK_LENGTH = 2048;

/** Sends one request and parses its answer; network trouble becomes a retryable `upstream_unavailable`. */
export async function attemptCall<T>(
  http: OutboundHttp,
  provider: OutboundProvider,
  request: OutboundRequest,
  signal: AbortSignal,
  parse: (response: OutboundResponse) => Attempt<T>,
): Promise<Attempt<T>> {
  const label = PROVIDER_LABELS[provider];
  let response: OutboundResponse;
  try {
    response = await http.send(provider, request, signal);
  } catch (error) {
    const kind = error instanceof OutboundHttpError ? error.kind : 'connection_failed';
    const message =
      kind === 'timeout'
        ? `${label} did not answer in time`
        : kind === 'too_large'
          ? `${label} sent an answer too large to read`
          : `${label} could not be reached`;
    return { ok: false, failure: outboundFailure.unavailable(message, kind !== 'too_large') };
  }
  return parse(response);
}

/** The usual meaning of an HTTP status with no more specific answer. */
export function failureForStatus(status: number, label: string): OutboundFailure {
  if (status === 429) return outboundFailure.rateLimited(`${label} refused: rate limit reached`);
  if (status === 401 || status === 403) return outboundFailure.credentials(`${label} refused the credentials`);
  if (status >= 500) return outboundFailure.unavailable(`${label} answered with a server error (HTTP ${status})`);
  return outboundFailure.rejected(`${label} refused this link (HTTP ${status})`);
}

export function unreadable(label: string): OutboundFailure {
  return outboundFailure.unavailable(`${label} sent an answer that could not be read`, false);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A link from a service goes into the member's text: only a plain http(s) URL is taken. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = value.trim();
  if (link.length === 0 || link.length > MAX_LINK_LENGTH || /[\s<>"'`]/.test(link)) return null;
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? link : null;
  } catch {
    return null;
  }
}

export function linkOrUnreadable(value: unknown, label: string): Attempt<OutboundResult> {
  const link = safeLink(value);
  return link ? { ok: true, value: { ok: true, url: link } } : { ok: false, failure: unreadable(label) };
}

export function fail<T>(failure: OutboundFailure): Attempt<T> {
  return { ok: false, failure };
}
