import { Transform } from 'class-transformer';
import { IsOptional, IsUrl, Matches } from 'class-validator';
import { configNamespace, emptyToUndefined, IntSetting } from '@app/common';

/** Settings of the outside services (ext_shortener_1..5, marketplace_api). */
export class OutboundConfig {
  /** Outside services: TCP (+ TLS) connect time-out. */
  @IntSetting(10, 60_000)
  OUTBOUND_CONNECT_TIMEOUT_MS = 2000;

  /** Outside services: one attempt, until the whole answer is read. */
  @IntSetting(10, 120_000)
  OUTBOUND_TIMEOUT_MS = 5000;

  /**
   * Outside services: most time one convert request spends on outside calls; links left fail with
   * `upstream_unavailable`.
   */
  @IntSetting(50, 120_000)
  OUTBOUND_REQUEST_BUDGET_MS = 8000;

  /** Retries of a retryable failure. */
  @IntSetting(0, 5)
  OUTBOUND_MAX_RETRIES = 2;

  /** Base of the full-jitter exponential backoff. */
  @IntSetting(1, 10_000)
  OUTBOUND_RETRY_BASE_MS = 200;

  /** Calls in flight per service and instance (is.gd, v.gd and Bitly never more than 5). */
  @IntSetting(1, 64)
  OUTBOUND_MAX_CONCURRENCY = 5;

  /** Consecutive unhealthy outcomes that open a service's circuit. */
  @IntSetting(1, 1000)
  OUTBOUND_BREAKER_FAILURE_THRESHOLD = 5;

  /** How long an open circuit refuses calls before one trial. */
  @IntSetting(100, 3_600_000)
  OUTBOUND_BREAKER_COOLDOWN_MS = 30_000;

  /** How long a link from an outside service is reused (30 days). */
  @IntSetting(60, 365 * 24 * 3600)
  OUTBOUND_CACHE_TTL_SECONDS = 30 * 24 * 3600;

  /** `ext_shortener_1` (`api-create.php`). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  TINYURL_BASE_URL = 'https://tinyurl.com';

  /** `ext_shortener_1` with a token (v2 `/create`). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  TINYURL_API_BASE_URL = 'https://api.tinyurl.com';

  /** The service's TinyURL API token; when set, the v2 API is used. Never logged. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[\x21-\x7e]{1,512}$/, { message: 'TINYURL_API_TOKEN must be 1 to 512 visible ASCII characters' })
  TINYURL_API_TOKEN?: string;

  /** `ext_shortener_2`. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  ISGD_BASE_URL = 'https://is.gd';

  /** `ext_shortener_3`. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  VGD_BASE_URL = 'https://v.gd';

  /** `ext_shortener_4`. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BITLY_BASE_URL = 'https://api-ssl.bitly.com';

  /** `ext_shortener_5`. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  CUTTLY_BASE_URL = 'https://cutt.ly';

  /** `marketplace_api`, Shopee links; `{region}` = the site's suffix. */
  @Matches(/^https?:\/\/\S+$/, { message: 'SHOPEE_OPEN_API_URL must be an http(s) URL' })
  SHOPEE_OPEN_API_URL = 'https://open-api.affiliate.shopee.{region}/graphql';

  /** `marketplace_api`, Lazada links; `{region}` = the site's suffix. */
  @Matches(/^https?:\/\/\S+$/, { message: 'LAZADA_API_URL must be an http(s) URL' })
  LAZADA_API_URL = 'https://api.lazada.{region}/rest';
}

export const outboundConfig = configNamespace('outbound', OutboundConfig);
