import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { configNamespace, toInt } from '@app/common';

/** Settings of the usage counters. */
export class UsageConfig {
  /** How often usage counters are added to `member_usage`. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  USAGE_FLUSH_INTERVAL_MS = 5000;
}

export const usageConfig = configNamespace('usage', UsageConfig);
