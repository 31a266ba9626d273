/**
 * Every request-level error code the API can answer with (the contract's error table, docs/api.md): the one list
 * that `ErrorCode`, the OpenAPI enum of `error.code` and its examples derive from (`statusForCode` is exhaustive).
 */
export const ERROR_CODES = [
  'invalid_json',
  'invalid_request',
  'invalid_mode',
  'missing_credentials',
  'invalid_credentials',
  'unauthenticated',
  'ip_blocked',
  'plan_required',
  'not_configured',
  'forbidden',
  'insufficient_scope',
  'csrf_failed',
  'wrong_password',
  'registration_closed',
  'not_found',
  'conflict',
  'idempotency_key_reused',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'quota_exceeded',
  'unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The single place where error codes become HTTP statuses. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'invalid_json':
    case 'invalid_request':
    case 'invalid_mode':
      return 400;
    case 'missing_credentials':
    case 'invalid_credentials':
    case 'unauthenticated':
      return 401;
    case 'ip_blocked':
    case 'plan_required':
    case 'not_configured':
    case 'forbidden':
    case 'insufficient_scope':
    case 'csrf_failed':
    case 'wrong_password':
    case 'registration_closed':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'method_not_allowed':
      return 405;
    case 'idempotency_key_reused':
      return 422;
    case 'payload_too_large':
      return 413;
    case 'unsupported_media_type':
      return 415;
    case 'rate_limited':
    case 'quota_exceeded':
      return 429;
    case 'unavailable':
      return 503;
    case 'internal_error':
      return 500;
  }
}
