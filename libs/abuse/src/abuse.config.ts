import { configNamespace, int, ipList, settingsTable } from '@app/common';

/** Settings of the rate limits, the IP bans and the abuse log. */
export class AbuseConfig extends settingsTable({
  /** The rate-limit window (both policies). */
  RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 3600),

  /** Requests per window for one API key, Free plan (`per_key`). */
  RATE_LIMIT_FREE_PER_KEY: int(60, 1, 1_000_000),

  /** Requests per window for all of a member's keys together, Free plan (`per_member`). */
  RATE_LIMIT_FREE_PER_MEMBER: int(120, 1, 1_000_000),

  /** Requests per window for one API key, Pro plan (`per_key`). */
  RATE_LIMIT_PRO_PER_KEY: int(600, 1, 1_000_000),

  /** Requests per window for all of a member's keys together, Pro plan (`per_member`). */
  RATE_LIMIT_PRO_PER_MEMBER: int(1200, 1, 1_000_000),

  /**
   * Links converted per window (RATE_LIMIT_WINDOW_SECONDS) with one API key, Free plan (`links_per_key`). A call
   * is let through while the window's count is below the budget and then charged all of its links, so one call
   * within the content limit is never refused on a fresh window, whatever the budget.
   */
  LINK_BUDGET_FREE_PER_KEY: int(2000, 1, 100_000_000),

  /** Links converted per window for all of a member's keys together, Free plan (`links_per_member`). */
  LINK_BUDGET_FREE_PER_MEMBER: int(4000, 1, 100_000_000),

  /** Links converted per window with one API key, Pro plan (`links_per_key`). */
  LINK_BUDGET_PRO_PER_KEY: int(20_000, 1, 100_000_000),

  /** Links converted per window for all of a member's keys together, Pro plan (`links_per_member`). */
  LINK_BUDGET_PRO_PER_MEMBER: int(40_000, 1, 100_000_000),

  /** Wrong API credentials from one IP (IPv6: one /64) within the window that ban it. */
  IP_BAN_MAX_FAILURES: int(10, 1, 100_000),

  /** The failure-counting window (fixed, from the first failure). */
  IP_BAN_FAILURE_WINDOW_MINUTES: int(10, 1, 1440),

  /** Length of a first ban; doubled for each earlier ban within the look-back. */
  IP_BAN_BASE_MINUTES: int(15, 1, 525_600),

  /** Longest ban (24 h). */
  IP_BAN_MAX_MINUTES: int(1440, 1, 525_600),

  /** How far back earlier bans make a new one longer (7 days). */
  IP_BAN_REPEAT_LOOKBACK_HOURS: int(168, 1, 8760),

  /** Comma-separated IPs and CIDR ranges (`203.0.113.7, 10.0.0.0/8, 2001:db8::/48`) never counted nor banned. */
  IP_BAN_ALLOWLIST: ipList(''),

  /** How often buffered abuse events are written to `abuse_events`. */
  ABUSE_EVENTS_FLUSH_INTERVAL_MS: int(1000, 50, 60_000),
}) {}

export const abuseConfig = configNamespace('abuse', AbuseConfig);
