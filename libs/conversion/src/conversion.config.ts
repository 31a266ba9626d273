import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { configNamespace, toInt } from '@app/common';

/** Settings of the convert call and the short-link resolver. */
export class ConversionConfig {
  /** Longest `content`. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  CONVERT_MAX_CONTENT_CHARS = 50_000;

  /** Most HTTP requests made to resolve one short link. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10)
  LINK_RESOLVER_MAX_HOPS = 5;

  /** Resolver TCP connect + TLS handshake time-out. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  LINK_RESOLVER_CONNECT_TIMEOUT_MS = 3000;

  /** Resolver time-out until the response headers (and for any pause in a body). */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  LINK_RESOLVER_HEADERS_TIMEOUT_MS = 5000;

  /** Resolver time-out for one short link, every hop included. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(120_000)
  LINK_RESOLVER_TOTAL_TIMEOUT_MS = 8000;

  /** Most bytes of an HTML body read (for `og:url`/canonical). */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(1024 * 1024)
  LINK_RESOLVER_MAX_BODY_BYTES = 64 * 1024;

  /** Short links of one request resolved at the same time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  LINK_RESOLVER_CONCURRENCY = 8;

  /**
   * After this long, a request starts no further resolution: its remaining short links fail with `resolution_failed`
   * (not cached), so a request answers within about this budget plus `LINK_RESOLVER_TOTAL_TIMEOUT_MS`.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120_000)
  LINK_RESOLVER_REQUEST_BUDGET_MS = 10_000;

  /** How long a resolved short link is reused (7 days). */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(90 * 24 * 3600)
  LINK_RESOLVER_CACHE_TTL_SECONDS = 7 * 24 * 3600;

  /** How long a failed resolution is reused before trying again (0 = never). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(24 * 3600)
  LINK_RESOLVER_FAILURE_TTL_SECONDS = 600;
}

export const conversionConfig = configNamespace('conversion', ConversionConfig);
