import { configNamespace, int, settingsTable } from '@app/common';

/** Settings of the usage counters. */
export class UsageConfig extends settingsTable({
  /** How often usage counters are added to `member_usage`. */
  USAGE_FLUSH_INTERVAL_MS: int(5000, 100, 300_000),
}) {}

export const usageConfig = configNamespace('usage', UsageConfig);
