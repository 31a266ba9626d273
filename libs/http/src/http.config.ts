import { configNamespace, int, matches, settingsTable } from '@app/common';

/** Settings of the HTTP edge of every process: where it listens, the proxy it trusts, its limits and time-outs. */
export class HttpConfig extends settingsTable({
  /** HTTP port of the api (each cluster worker shares it). */
  PORT: int(3000, 0, 65535),

  /**
   * Express `trust proxy`: `false`, a hop count, or a comma list of proxy addresses/subnets. The client IP never
   * comes from a raw `X-Forwarded-For`.
   */
  TRUST_PROXY: matches(
    /^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/,
    'must be false, a hop count, or a comma-separated list of addresses/subnets',
  ).default('false'),

  /** Largest request body after decompression. */
  BODY_LIMIT_BYTES: int(512 * 1024, 1024, 16 * 1024 * 1024),

  /** Deepest JSON nesting accepted. */
  JSON_MAX_DEPTH: int(16, 2, 256),

  /**
   * Most object keys and array elements in a JSON body, every level counted; more is 413
   * `payload_too_large`, refused before anything walks the body.
   */
  JSON_MAX_ENTRIES: int(2000, 16, 1_000_000),

  /** Worker processes of `npm run start:cluster` (0 = one per core); above 1 needs `DATABASE_URL`. */
  WEB_CONCURRENCY: int(0, 0, 256),

  /** On SIGTERM/SIGINT, how long in-flight requests may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: int(20_000, 0, 300_000),

  /** A client must send a request's whole header block within this long (else 408 and disconnected). */
  HTTP_HEADERS_TIMEOUT_MS: int(20_000, 100, 300_000),

  /** A client must send a whole request, body included, within this long (else 408 and disconnected). */
  HTTP_REQUEST_TIMEOUT_MS: int(30_000, 100, 600_000),

  /**
   * How long an idle keep-alive connection stays open: keep it above the idle time-out of the load balancer in front
   * (AWS ALB: 60 s), see [operations](operations.md#time-outs-and-the-connection-cap).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(65_000, 100, 3_600_000),

  /**
   * An answer must drain to the client within this long (its bytes waiting to be written without a pause that
   * long), else the connection is cut: a client reading a byte at a time, or not at all, cannot hold a connection.
   */
  HTTP_SEND_TIMEOUT_MS: int(60_000, 100, 3_600_000),

  /** Most open connections per process (api, each cluster worker, redirector); more are closed at once. */
  HTTP_MAX_CONNECTIONS: int(10_000, 1, 1_000_000),
}) {
  /** The trust-proxy value in the form Express wants. */
  get trustProxy(): boolean | number | string[] {
    const raw = this.TRUST_PROXY.trim();
    if (raw === 'false') return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw.split(',').map((part) => part.trim());
  }
}

export const httpConfig = configNamespace('http', HttpConfig);
