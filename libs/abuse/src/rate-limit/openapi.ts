import type { HeadersObject } from '@nestjs/swagger';
import { AbuseConfig } from '../abuse.config';
import { banDurationSeconds } from '../bans/ban-duration';

/**
 * The OpenAPI text is built from the configuration's defaults (`new AbuseConfig()`, the settings this lib owns), so it cannot drift from them.
 * The document is built once from decorators, before any deployment's settings are known: it says so, and points
 * to the `RateLimit-Policy` header and `GET /api/limits`, which give a caller's actual limits.
 */
const DEFAULTS = new AbuseConfig();
const { RATE_LIMIT_WINDOW_SECONDS: WINDOW } = DEFAULTS;

/** `15 minutes`, `1 hour`, `24 hours`, `7 days`. */
function span(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 && minutes >= 2880
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The ban lengths level by level up to the cap: `15 minutes, 30 minutes, 1 hour, …, 24 hours`. */
function banSteps(): string {
  const steps: string[] = [];
  for (let level = 0; level <= 30; level++) {
    const minutes = banDurationSeconds(level, DEFAULTS.IP_BAN_BASE_MINUTES, DEFAULTS.IP_BAN_MAX_MINUTES) / 60;
    steps.push(span(minutes));
    if (minutes >= DEFAULTS.IP_BAN_MAX_MINUTES) break;
  }
  return steps.join(', ');
}

/** The 429 `rate_limited` of every API route: the limits per plan and the window. */
export const RATE_LIMITED_DESCRIPTION =
  `rate_limited: over a limit, counted on the caller's identity across every API route in fixed windows of ` +
  `${WINDOW} seconds: \`per_key\` ${DEFAULTS.RATE_LIMIT_FREE_PER_KEY} requests per API key on the Free plan ` +
  `(${DEFAULTS.RATE_LIMIT_PRO_PER_KEY} on Pro) and \`per_member\` ${DEFAULTS.RATE_LIMIT_FREE_PER_MEMBER} per ` +
  `member across all of its keys (${DEFAULTS.RATE_LIMIT_PRO_PER_MEMBER} on Pro). \`Retry-After\` gives the ` +
  'seconds until the window resets. A convert call also spends link budgets, links converted per window: ' +
  `\`links_per_key\` ${DEFAULTS.LINK_BUDGET_FREE_PER_KEY} per API key on the Free plan ` +
  `(${DEFAULTS.LINK_BUDGET_PRO_PER_KEY} on Pro) and \`links_per_member\` ${DEFAULTS.LINK_BUDGET_FREE_PER_MEMBER} per ` +
  `member (${DEFAULTS.LINK_BUDGET_PRO_PER_MEMBER} on Pro); a call is let through while the window's count is below ` +
  'the budget, so one call is never refused on a fresh window. These are the defaults (`RATE_LIMIT_*` and ' +
  '`LINK_BUDGET_*` settings); the `RateLimit-Policy` header and `GET /api/limits` give your actual limits.';

/** The 403 `ip_blocked` of every API route: the failed-auth ban rules. */
export const IP_BLOCKED_DESCRIPTION =
  `ip_blocked: ${DEFAULTS.IP_BAN_MAX_FAILURES} wrong API credentials from one IP address (IPv6: its /64) ` +
  `within ${span(DEFAULTS.IP_BAN_FAILURE_WINDOW_MINUTES)} ban it from every API route, refused before any ` +
  `credential check (right credentials included). A first ban lasts ${span(DEFAULTS.IP_BAN_BASE_MINUTES)}; ` +
  `each earlier ban of the address within ${span(DEFAULTS.IP_BAN_REPEAT_LOOKBACK_HOURS * 60)} doubles it, up ` +
  `to ${span(DEFAULTS.IP_BAN_MAX_MINUTES)} (${banSteps()}). Allow-listed addresses are never banned, and an ` +
  'admin can lift a ban. `Retry-After` gives the seconds until the ban ends. These are the defaults ' +
  '(`IP_BAN_*` settings).';

const FREE_POLICY = `"per_key";q=${DEFAULTS.RATE_LIMIT_FREE_PER_KEY};w=${WINDOW}, "per_member";q=${DEFAULTS.RATE_LIMIT_FREE_PER_MEMBER};w=${WINDOW}`;
const FREE_LEFT = `"per_key";r=${DEFAULTS.RATE_LIMIT_FREE_PER_KEY - 1};t=42, "per_member";r=${DEFAULTS.RATE_LIMIT_FREE_PER_MEMBER - 1};t=42`;

/** The rate-limit headers of every API response, for the OpenAPI document. */
export const RATE_LIMIT_HEADERS: HeadersObject = {
  'RateLimit-Policy': {
    description:
      'The quota policies that apply to the caller (draft-ietf-httpapi-ratelimit-headers-10): ' +
      `\`${FREE_POLICY}\` on the Free plan by default (q requests per w seconds; Pro plans get higher q).`,
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      `What is left in each policy after this request: \`${FREE_LEFT}\` ` +
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
