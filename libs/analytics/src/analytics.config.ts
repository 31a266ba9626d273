import { configNamespace, IntSetting, toBool } from '@app/common';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/** Settings of earnings analytics: report imports, click detail, and the scheduled pull of order reports. */
export class AnalyticsConfig {
  /** The largest report file `POST /api/conversions/import` reads (bytes); larger ones get 413. */
  @IntSetting(1024, 1_073_741_824)
  IMPORT_MAX_BYTES = 104_857_600;

  /** The most data rows one report file may have. */
  @IntSetting(1, 5_000_000)
  IMPORT_MAX_ROWS = 1_000_000;

  /** Record each redirect's country, device, OS, browser, referrer host and bot flag (hourly rollups). */
  @Transform(toBool)
  @IsBoolean({ message: 'CLICK_DIMENSIONS_ENABLED must be true or false' })
  CLICK_DIMENSIONS_ENABLED = true;

  /** How often the click dimension counters are written (one row per link, hour and combination). */
  @IntSetting(50, 300_000)
  CLICK_DIMENSIONS_FLUSH_INTERVAL_MS = 5000;

  /**
   * Days of hourly click detail; older hours are rolled into one row per UTC day (a member's time zone then no
   * longer moves them between days). 0 keeps hours forever.
   */
  @IntSetting(0, 3650)
  CLICK_HOURLY_RETENTION_DAYS = 35;
}

export const analyticsConfig = configNamespace('analytics', AnalyticsConfig);
