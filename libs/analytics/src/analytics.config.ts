import { configNamespace, IntSetting } from '@app/common';

/** Settings of earnings analytics: report imports, click detail, and the scheduled pull of order reports. */
export class AnalyticsConfig {
  /** The largest report file `POST /api/conversions/import` reads (bytes); larger ones get 413. */
  @IntSetting(1024, 1_073_741_824)
  IMPORT_MAX_BYTES = 104_857_600;

  /** The most data rows one report file may have. */
  @IntSetting(1, 5_000_000)
  IMPORT_MAX_ROWS = 1_000_000;
}

export const analyticsConfig = configNamespace('analytics', AnalyticsConfig);
