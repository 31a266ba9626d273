import type { HeadersObject } from '@nestjs/swagger';

/** The rate-limit headers of every API response, for the OpenAPI document. */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  'RateLimit-Policy': {
    description:
      'The quota policies that apply to the caller (draft-ietf-httpapi-ratelimit-headers-10): ' +
      '`"per_key";q=60;w=60, "per_member";q=120;w=60` (q requests per w seconds; Pro plans get higher q).',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left in each policy after this request: `"per_key";r=59;t=42, "per_member";r=119;t=42` ' +
      '(r requests remaining, t seconds until the window resets).',
    schema: { type: 'string' },
  },
};

/** Headers of a 429: the rate-limit headers plus `Retry-After`. */
export const RATE_LIMITED_HEADERS: HeadersObject = {
  ...RATE_LIMIT_HEADERS,
  'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

/** Headers of a 403 `ip_blocked`. */
export const IP_BLOCKED_HEADERS: HeadersObject = {
  'Retry-After': { description: 'Seconds until the ban ends', schema: { type: 'integer' } },
};
