import { configNamespace, httpUrl, int, matches, optional, settingsTable } from '@app/common';

/** Settings of the outside services (ext_shortener_1..5, marketplace_api). */
export class OutboundConfig extends settingsTable({
  /** Outside services: TCP (+ TLS) connect time-out. */
  OUTBOUND_CONNECT_TIMEOUT_MS: int(2000, 10, 60_000),

  /** Outside services: one attempt, until the whole answer is read. */
  OUTBOUND_TIMEOUT_MS: int(5000, 10, 120_000),

  /**
   * Outside services: most time one convert request spends on outside calls; links left fail with
   * `upstream_unavailable`.
   */
  OUTBOUND_REQUEST_BUDGET_MS: int(8000, 50, 120_000),

  /** Retries of a retryable failure. */
  OUTBOUND_MAX_RETRIES: int(2, 0, 5),

  /** Base of the full-jitter exponential backoff. */
  OUTBOUND_RETRY_BASE_MS: int(200, 1, 10_000),

  /** Calls in flight per service and instance (is.gd, v.gd and Bitly never more than 5). */
  OUTBOUND_MAX_CONCURRENCY: int(5, 1, 64),

  /** Consecutive unhealthy outcomes that open a service's circuit. */
  OUTBOUND_BREAKER_FAILURE_THRESHOLD: int(5, 1, 1000),

  /** How long an open circuit refuses calls before one trial. */
  OUTBOUND_BREAKER_COOLDOWN_MS: int(30_000, 100, 3_600_000),

  /** How long a link from an outside service is reused (30 days). */
  OUTBOUND_CACHE_TTL_SECONDS: int(30 * 24 * 3600, 60, 365 * 24 * 3600),

  /** `ext_shortener_1` (`api-create.php`). */
  TINYURL_BASE_URL: httpUrl().default('https://tinyurl.com'),

  /** `ext_shortener_1` with a token (v2 `/create`). */
  TINYURL_API_BASE_URL: httpUrl().default('https://api.tinyurl.com'),

  /** The service's TinyURL API token; when set, the v2 API is used. Never logged. */
  TINYURL_API_TOKEN: optional(matches(/^[\x21-\x7e]{1,512}$/, 'must be 1 to 512 visible ASCII characters')),

  /** `ext_shortener_2`. */
  ISGD_BASE_URL: httpUrl().default('https://is.gd'),

  /** `ext_shortener_3`. */
  VGD_BASE_URL: httpUrl().default('https://v.gd'),

  /** `ext_shortener_4`. */
  BITLY_BASE_URL: httpUrl().default('https://api-ssl.bitly.com'),

  /** `ext_shortener_5`. */
  CUTTLY_BASE_URL: httpUrl().default('https://cutt.ly'),

  /** `marketplace_api`, Shopee links; `{region}` = the site's suffix. */
  SHOPEE_OPEN_API_URL: matches(/^https?:\/\/\S+$/, 'must be an http(s) URL').default(
    'https://open-api.affiliate.shopee.{region}/graphql',
  ),

  /** `marketplace_api`, Lazada links; `{region}` = the site's suffix. */
  LAZADA_API_URL: matches(/^https?:\/\/\S+$/, 'must be an http(s) URL').default('https://api.lazada.{region}/rest'),
}) {}

export const outboundConfig = configNamespace('outbound', OutboundConfig);
