import { configNamespace, IntSetting } from '@app/common';

/** Settings of the usage counters. */
export class UsageConfig {
  /** How often usage counters are added to `member_usage`. */
  @IntSetting(100, 300_000)
  USAGE_FLUSH_INTERVAL_MS = 5000;
}

export const usageConfig = configNamespace('usage', UsageConfig);
