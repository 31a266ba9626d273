/**
 * Why an outside service did not give a link. These are the per-item error codes of the outside modes:
 *
 * - `upstream_rate_limited`: the service refused because a quota or rate limit was reached (ours or the member's);
 * - `upstream_rejected`: the service refused this link (invalid URL, blocked domain, product not in the programme...);
 * - `upstream_unavailable`: the service did not answer usably (time-out, connection error, 5xx, an unreadable
 *   answer, the request's time budget spent, or its circuit open after repeated failures);
 * - `invalid_upstream_credentials`: the service refused the credentials (the member's token, key or app
 *   credentials, or the service's own TinyURL token).
 */
export type OutboundFailureCode =
  'upstream_rate_limited' | 'upstream_rejected' | 'upstream_unavailable' | 'invalid_upstream_credentials';

export const OUTBOUND_FAILURE_CODES: readonly OutboundFailureCode[] = [
  'upstream_rate_limited',
  'upstream_rejected',
  'upstream_unavailable',
  'invalid_upstream_credentials',
];

export interface OutboundFailure {
  code: OutboundFailureCode;
  /** Our own words: never the service's body, never a credential. */
  message: string;
  /** Worth another attempt after a backoff (time-out, connection error, 5xx, maintenance). */
  retryable: boolean;
  /** Says the service itself is unwell: counts towards opening its circuit. */
  unhealthy: boolean;
}

export type OutboundResult = { ok: true; url: string } | { ok: false; failure: OutboundFailure };

export const outboundFailure = {
  rejected: (message: string): OutboundFailure => ({
    code: 'upstream_rejected',
    message,
    retryable: false,
    unhealthy: false,
  }),
  credentials: (message: string): OutboundFailure => ({
    code: 'invalid_upstream_credentials',
    message,
    retryable: false,
    unhealthy: false,
  }),
  /** `unhealthy` when the limit is the service's own for our whole instance (per IP), not a member's quota. */
  rateLimited: (message: string, unhealthy = false): OutboundFailure => ({
    code: 'upstream_rate_limited',
    message,
    retryable: false,
    unhealthy,
  }),
  unavailable: (message: string, retryable = true): OutboundFailure => ({
    code: 'upstream_unavailable',
    message,
    retryable,
    unhealthy: true,
  }),
};

/** A failure that says nothing more can succeed for this request with these credentials or this quota. */
export function stopsTheRequest(failure: OutboundFailure): boolean {
  return failure.code === 'invalid_upstream_credentials' || failure.code === 'upstream_rate_limited';
}
