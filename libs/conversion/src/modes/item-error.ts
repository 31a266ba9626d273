/**
 * Why one link was not converted. The request still succeeds; the link stays unchanged in the output.
 *
 * - `not_a_product`: a page no mode can convert (video, live, account page), also when a short link leads to one;
 * - `invalid_link`: a marketplace link that cannot be read (an an_redir without origin_link, a bad short code);
 * - `resolution_failed`: a short link that could not be resolved safely (time-out, too many redirects, a redirect
 *   off the marketplace or to a refused address, an HTTP error...);
 * - `mode_unavailable`: the mode is not built yet;
 * - `unsupported_for_marketplace`: the marketplace has no format for this mode (TikTok Shop affiliate links);
 * - `marketplace_not_configured`: the format needs a member setting that is missing (Lazada master link, Tiki TAP).
 *
 * Outside modes (`ext_shortener_1..5`, `marketplace_api`), when the outside service gives no link:
 * - `upstream_rate_limited`: the service's rate limit or the member's quota there is reached;
 * - `upstream_rejected`: the service refused this link (invalid URL, blocked domain, product not in the programme);
 * - `upstream_unavailable`: no usable answer (time-out, connection error, 5xx, unreadable answer, the request's
 *   time budget spent, or the service's circuit open after repeated failures);
 * - `invalid_upstream_credentials`: the service refused the credentials (the member's token, key or app).
 */
export type ItemErrorCode =
  | 'not_a_product'
  | 'invalid_link'
  | 'resolution_failed'
  | 'mode_unavailable'
  | 'unsupported_for_marketplace'
  | 'marketplace_not_configured'
  | 'upstream_rate_limited'
  | 'upstream_rejected'
  | 'upstream_unavailable'
  | 'invalid_upstream_credentials';

/** Every item error code, for the OpenAPI schema. */
export const ITEM_ERROR_CODES: readonly ItemErrorCode[] = [
  'not_a_product',
  'invalid_link',
  'resolution_failed',
  'mode_unavailable',
  'unsupported_for_marketplace',
  'marketplace_not_configured',
  'upstream_rate_limited',
  'upstream_rejected',
  'upstream_unavailable',
  'invalid_upstream_credentials',
];

export interface ItemError {
  code: ItemErrorCode;
  message: string;
}

export type LinkOutcome = { ok: true; output: string } | { ok: false; error: ItemError };

export function failed(code: ItemErrorCode, message: string): LinkOutcome {
  return { ok: false, error: { code, message } };
}
