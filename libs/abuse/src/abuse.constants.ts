/** The two named throttlers: one budget per API key, one per member (all of the member's keys together). */
export const PER_KEY = 'per_key';
export const PER_MEMBER = 'per_member';
export const THROTTLER_NAMES = [PER_KEY, PER_MEMBER] as const;
export type ThrottlerName = (typeof THROTTLER_NAMES)[number];

/** The two link budgets (links converted per window): one per API key, one per member. */
export const LINKS_PER_KEY = 'links_per_key';
export const LINKS_PER_MEMBER = 'links_per_member';
export const LINK_BUDGET_NAMES = [LINKS_PER_KEY, LINKS_PER_MEMBER] as const;
export type LinkBudgetName = (typeof LINK_BUDGET_NAMES)[number];
/** Every quota policy of the `RateLimit` headers: requests and links. */
export type PolicyName = ThrottlerName | LinkBudgetName;

/** Every kind of row in `abuse_events`. */
export const ABUSE_EVENT_TYPES = [
  'auth_failed',
  'ip_banned',
  'ip_unbanned',
  'rate_limited',
  'credential_regenerated',
  'login_failed',
] as const;
export type AbuseEventType = (typeof ABUSE_EVENT_TYPES)[number];

/** How often every instance reloads the active bans from Postgres (catches anything Redis pub/sub missed). */
export const BAN_SYNC_INTERVAL_MS = 30_000;
