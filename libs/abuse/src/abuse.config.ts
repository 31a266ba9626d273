import { IsIpList, configNamespace, IntSetting } from '@app/common';

/** Settings of the rate limits, the IP bans and the abuse log. */
export class AbuseConfig {
  /** The rate-limit window (both policies). */
  @IntSetting(1, 3600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Requests per window for one API key, Free plan (`per_key`). */
  @IntSetting(1, 1_000_000)
  RATE_LIMIT_FREE_PER_KEY = 60;

  /** Requests per window for all of a member's keys together, Free plan (`per_member`). */
  @IntSetting(1, 1_000_000)
  RATE_LIMIT_FREE_PER_MEMBER = 120;

  /** Requests per window for one API key, Pro plan (`per_key`). */
  @IntSetting(1, 1_000_000)
  RATE_LIMIT_PRO_PER_KEY = 600;

  /** Requests per window for all of a member's keys together, Pro plan (`per_member`). */
  @IntSetting(1, 1_000_000)
  RATE_LIMIT_PRO_PER_MEMBER = 1200;

  /**
   * Links converted per window (RATE_LIMIT_WINDOW_SECONDS) with one API key, Free plan (`links_per_key`). A call
   * is let through while the window's count is below the budget and then charged all of its links, so one call
   * within the content limit is never refused on a fresh window, whatever the budget.
   */
  @IntSetting(1, 100_000_000)
  LINK_BUDGET_FREE_PER_KEY = 2000;

  /** Links converted per window for all of a member's keys together, Free plan (`links_per_member`). */
  @IntSetting(1, 100_000_000)
  LINK_BUDGET_FREE_PER_MEMBER = 4000;

  /** Links converted per window with one API key, Pro plan (`links_per_key`). */
  @IntSetting(1, 100_000_000)
  LINK_BUDGET_PRO_PER_KEY = 20_000;

  /** Links converted per window for all of a member's keys together, Pro plan (`links_per_member`). */
  @IntSetting(1, 100_000_000)
  LINK_BUDGET_PRO_PER_MEMBER = 40_000;

  /** Wrong API credentials from one IP (IPv6: one /64) within the window that ban it. */
  @IntSetting(1, 100_000)
  IP_BAN_MAX_FAILURES = 10;

  /** The failure-counting window (fixed, from the first failure). */
  @IntSetting(1, 1440)
  IP_BAN_FAILURE_WINDOW_MINUTES = 10;

  /** Length of a first ban; doubled for each earlier ban within the look-back. */
  @IntSetting(1, 525_600)
  IP_BAN_BASE_MINUTES = 15;

  /** Longest ban (24 h). */
  @IntSetting(1, 525_600)
  IP_BAN_MAX_MINUTES = 1440;

  /** How far back earlier bans make a new one longer (7 days). */
  @IntSetting(1, 8760)
  IP_BAN_REPEAT_LOOKBACK_HOURS = 168;

  /** Comma-separated IPs and CIDR ranges (`203.0.113.7, 10.0.0.0/8, 2001:db8::/48`) never counted nor banned. */
  @IsIpList({ message: 'IP_BAN_ALLOWLIST must be a comma-separated list of IP addresses or CIDR ranges' })
  IP_BAN_ALLOWLIST = '';

  /** How often buffered abuse events are written to `abuse_events`. */
  @IntSetting(50, 60_000)
  ABUSE_EVENTS_FLUSH_INTERVAL_MS = 1000;
}

export const abuseConfig = configNamespace('abuse', AbuseConfig);
