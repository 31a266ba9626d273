import { configNamespace, int, settingsTable } from '@app/common';

/** Settings of the convert call and the short-link resolver. */
export class ConversionConfig extends settingsTable({
  /** Longest `content`. */
  CONVERT_MAX_CONTENT_CHARS: int(50_000, 1, 1_000_000),

  /**
   * A `content` longer than this is converted in slices that share the event loop with the other requests (see
   * [Fair shares](security.md#fair-shares-link-budgets-and-large-texts)); shorter ones in one go.
   */
  CONVERT_SLICE_ABOVE_CHARS: int(20_000, 1000, 1_000_000),

  /** Longest slice of a large conversion before it lets the other requests run. */
  CONVERT_SLICE_MS: int(4, 1, 1000),

  /**
   * Large conversions (a `content` above CONVERT_SLICE_ABOVE_CHARS) converted and serialised at the same time; the
   * others wait their turn in arrival order. Bounds the memory large conversions hold at once, whatever the
   * number of callers.
   */
  CONVERT_LARGE_CONCURRENCY: int(2, 1, 64),

  /**
   * Worker threads that convert the large texts of the modes that need nothing but the text (`link_goc`,
   * `affiliate`), their answers' JSON included, off the event loop; 0: every text is converted on the event loop,
   * large ones in slices.
   */
  CONVERT_WORKERS: int(1, 0, 64),

  /**
   * How much lower the worker threads' CPU priority is than the api's thread (Unix nice increment): on a busy
   * machine the small calls, and the api's garbage collector, get the cores first; an idle machine gives the workers
   * all they ask. 0: the same priority.
   */
  CONVERT_WORKER_NICE: int(10, 0, 19),

  /** Large conversions that may wait for their turn; past them, a large conversion is refused (503 `unavailable`). */
  CONVERT_LARGE_QUEUE: int(200, 0, 10_000),

  /** Most HTTP requests made to resolve one short link. */
  LINK_RESOLVER_MAX_HOPS: int(5, 1, 10),

  /** Resolver TCP connect + TLS handshake time-out. */
  LINK_RESOLVER_CONNECT_TIMEOUT_MS: int(3000, 10, 60_000),

  /** Resolver time-out until the response headers (and for any pause in a body). */
  LINK_RESOLVER_HEADERS_TIMEOUT_MS: int(5000, 10, 60_000),

  /** Resolver time-out for one short link, every hop included. */
  LINK_RESOLVER_TOTAL_TIMEOUT_MS: int(8000, 10, 120_000),

  /** Most bytes of an HTML body read (for `og:url`/canonical). */
  LINK_RESOLVER_MAX_BODY_BYTES: int(64 * 1024, 1024, 1024 * 1024),

  /** Short links of one request resolved at the same time. */
  LINK_RESOLVER_CONCURRENCY: int(8, 1, 64),

  /**
   * After this long, a request starts no further resolution: its remaining short links fail with `resolution_failed`
   * (not cached), so a request answers within about this budget plus `LINK_RESOLVER_TOTAL_TIMEOUT_MS`.
   */
  LINK_RESOLVER_REQUEST_BUDGET_MS: int(10_000, 100, 120_000),

  /** How long a resolved short link is reused (7 days). */
  LINK_RESOLVER_CACHE_TTL_SECONDS: int(7 * 24 * 3600, 60, 90 * 24 * 3600),

  /** How long a failed resolution is reused before trying again (0 = never). */
  LINK_RESOLVER_FAILURE_TTL_SECONDS: int(600, 0, 24 * 3600),
}) {}

export const conversionConfig = configNamespace('conversion', ConversionConfig);

/** A large text: converted in slices that share the event loop, and in its turn (`LargeConversionGate`). */
export function isLargeText(content: string, config: ConversionConfig): boolean {
  return content.length > config.CONVERT_SLICE_ABOVE_CHARS;
}
