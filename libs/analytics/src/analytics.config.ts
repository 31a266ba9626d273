import { bool, configNamespace, httpUrl, int, matches, settingsTable } from '@app/common';

/** Settings of earnings analytics: report imports, click detail, and the scheduled pull of order reports. */
export class AnalyticsConfig extends settingsTable({
  /** The largest report file `POST /api/conversions/import` reads (bytes); larger ones get 413. */
  IMPORT_MAX_BYTES: int(104_857_600, 1024, 1_073_741_824),

  /** The most data rows one report file may have. */
  IMPORT_MAX_ROWS: int(1_000_000, 1, 5_000_000),

  /**
   * The most decompressed bytes per byte sent of a compressed report upload (`Content-Encoding: gzip`, `deflate`,
   * `br`), past its first megabyte: a compression bomb is refused with 413 (CSV exports compress about 10 times).
   */
  IMPORT_MAX_COMPRESSION_RATIO: int(50, 2, 10_000),

  /**
   * Report imports read and written at once by each api process (a member's own imports always one after the
   * other, in the order they arrived); the others wait their turn.
   */
  IMPORT_CONCURRENCY: int(2, 1, 64),

  /** Report imports that may wait for their turn in each api process; beyond, 503 with `Retry-After`. */
  IMPORT_MAX_QUEUED: int(50, 1, 10_000),

  /**
   * How long a report upload (`POST /api/conversions/import` and the account page's) may take to send its whole
   * request, instead of HTTP_REQUEST_TIMEOUT_MS, once its caller is authenticated: the file is received, then
   * imported, so the request lasts the upload and the import. The default gives a file of IMPORT_MAX_BYTES (100 MB, about a million rows) sent at
   * 1 MB/s its 100 s and the import of its rows (about 10 s per 100,000 rows) as long again; a client sending
   * slower than that (a slow-loris upload) is cut with 408 then.
   */
  IMPORT_REQUEST_TIMEOUT_MS: int(300_000, 1000, 3_600_000),

  /** Record each redirect's country, device, OS, browser, referrer host and bot flag (hourly rollups). */
  CLICK_DIMENSIONS_ENABLED: bool(true),

  /** How often the click dimension counters are written (one row per link, hour and combination). */
  CLICK_DIMENSIONS_FLUSH_INTERVAL_MS: int(5000, 50, 300_000),

  /**
   * Days of hourly click detail; older hours are rolled into one row per UTC day (a member's time zone then no
   * longer moves them between days). 0 keeps hours forever.
   */
  CLICK_HOURLY_RETENTION_DAYS: int(35, 0, 3650),

  /** How often each member's order reports are pulled with their saved app credentials (0: never). */
  ORDER_SYNC_INTERVAL_MS: int(3_600_000, 0, 86_400_000),

  /** Days of orders each pull reads again (statuses change for weeks after a purchase). */
  ORDER_SYNC_LOOKBACK_DAYS: int(90, 1, 180),

  /** Shopee Affiliate Open API endpoint of the members' region (GraphQL). */
  SHOPEE_REPORT_URL: httpUrl({ schemeOptional: true }).default('https://open-api.affiliate.shopee.vn/graphql'),

  /** The currency of that region's reports (the API's amounts carry none). */
  SHOPEE_REPORT_CURRENCY: matches(/^[A-Z]{3}$/, 'is an ISO 4217 code').default('VND'),

  /** The pause Shopee requires between two fresh `conversionReport` queries (a scrollId lives 30 s). */
  SHOPEE_REPORT_QUERY_GAP_MS: int(30_000, 0, 120_000),

  /** Lazada Open Platform REST base of the members' region. */
  LAZADA_REPORT_URL: httpUrl({ schemeOptional: true }).default('https://api.lazada.vn/rest'),
}) {}

export const analyticsConfig = configNamespace('analytics', AnalyticsConfig);
