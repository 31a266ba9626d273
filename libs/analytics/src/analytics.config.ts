import { configNamespace, IntSetting, toBool } from '@app/common';
import { IsUrl, Matches, IsBoolean } from 'class-validator';
import { Transform } from 'class-transformer';

/** Settings of earnings analytics: report imports, click detail, and the scheduled pull of order reports. */
export class AnalyticsConfig {
  /** The largest report file `POST /api/conversions/import` reads (bytes); larger ones get 413. */
  @IntSetting(1024, 1_073_741_824)
  IMPORT_MAX_BYTES = 104_857_600;

  /** The most data rows one report file may have. */
  @IntSetting(1, 5_000_000)
  IMPORT_MAX_ROWS = 1_000_000;

  /**
   * The most decompressed bytes per byte sent of a compressed report upload (`Content-Encoding: gzip`, `deflate`,
   * `br`), past its first megabyte: a compression bomb is refused with 413 (CSV exports compress about 10 times).
   */
  @IntSetting(2, 10_000)
  IMPORT_MAX_COMPRESSION_RATIO = 50;

  /**
   * Report imports read and written at once by each api process (a member's own imports always one after the
   * other, in the order they arrived); the others wait their turn.
   */
  @IntSetting(1, 64)
  IMPORT_CONCURRENCY = 2;

  /** Report imports that may wait for their turn in each api process; beyond, 503 with `Retry-After`. */
  @IntSetting(1, 10_000)
  IMPORT_MAX_QUEUED = 50;

  /**
   * How long a report upload (`POST /api/conversions/import` and the account page's) may take to send its whole
   * request, instead of HTTP_REQUEST_TIMEOUT_MS, once its caller is authenticated: the file is received, then
   * imported, so the request lasts the upload and the import. The default gives a file of IMPORT_MAX_BYTES (100 MB, about a million rows) sent at
   * 1 MB/s its 100 s and the import of its rows (about 10 s per 100,000 rows) as long again; a client sending
   * slower than that (a slow-loris upload) is cut with 408 then.
   */
  @IntSetting(1000, 3_600_000)
  IMPORT_REQUEST_TIMEOUT_MS = 300_000;

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

  /** How often each member's order reports are pulled with their saved app credentials (0: never). */
  @IntSetting(0, 86_400_000)
  ORDER_SYNC_INTERVAL_MS = 3_600_000;

  /** Days of orders each pull reads again (statuses change for weeks after a purchase). */
  @IntSetting(1, 180)
  ORDER_SYNC_LOOKBACK_DAYS = 90;

  /** Shopee Affiliate Open API endpoint of the members' region (GraphQL). */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  SHOPEE_REPORT_URL = 'https://open-api.affiliate.shopee.vn/graphql';

  /** The currency of that region's reports (the API's amounts carry none). */
  @Matches(/^[A-Z]{3}$/, { message: 'SHOPEE_REPORT_CURRENCY is an ISO 4217 code' })
  SHOPEE_REPORT_CURRENCY = 'VND';

  /** The pause Shopee requires between two fresh `conversionReport` queries (a scrollId lives 30 s). */
  @IntSetting(0, 120_000)
  SHOPEE_REPORT_QUERY_GAP_MS = 30_000;

  /** Lazada Open Platform REST base of the members' region. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  LAZADA_REPORT_URL = 'https://api.lazada.vn/rest';
}

export const analyticsConfig = configNamespace('analytics', AnalyticsConfig);
