/** The two named throttlers: one budget per API key, one per member (all of the member's keys together). */
export const PER_KEY = 'per_key';
export const PER_MEMBER = 'per_member';
export const THROTTLER_NAMES = [PER_KEY, PER_MEMBER] as const;
export type ThrottlerName = (typeof THROTTLER_NAMES)[number];

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
