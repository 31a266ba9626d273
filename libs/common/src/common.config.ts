import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { configNamespace, emptyToUndefined, IntSetting } from './config/config-namespace';

/** Settings every part of the process shares: where it listens, its stores, its HTTP edge. */
export class CommonConfig {
  /** The runtime environment; `test` makes no retries when the database is down at start-up. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** HTTP port of the api (each cluster worker shares it). */
  @IntSetting(0, 65535)
  PORT = 3000;

  /**
   * `redis://…`: rate-limit counters, failed-auth counts, bans and the short-link cache shared by every instance (see
   * [Rate limits, IP bans and the abuse log](security.md#rate-limits-ip-bans-and-the-abuse-log)), and the messages
   * between instances; unset = in process (messages over PostgreSQL LISTEN/NOTIFY with `DATABASE_URL`).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Prefix of every Redis key and channel of the service. */
  @Matches(/^[A-Za-z0-9:_.-]{0,64}$/, { message: 'REDIS_KEY_PREFIX must be up to 64 of [A-Za-z0-9:_.-]' })
  REDIS_KEY_PREFIX = 'linkconv:';

  /**
   * Longest wait for a Redis reply before the command fails and the caller falls back to in-process state (the
   * local rate limits and ban cache). Counted only while the event loop runs: a reply that arrived during a stall of
   * this process is not a time-out.
   */
  @IntSetting(10, 10_000)
  REDIS_COMMAND_TIMEOUT_MS = 50;

  /**
   * Consecutive command time-outs that open the Redis breaker: while it is open no request waits on Redis (every
   * user of it works in process, as when Redis is down) and one PING every `REDIS_BREAKER_HALF_OPEN_MS` tests it.
   */
  @IntSetting(1, 1000)
  REDIS_BREAKER_TIMEOUTS = 3;

  /** How long the Redis breaker stays open before a PING tests Redis again (the breaker closes on its answer). */
  @IntSetting(50, 600_000)
  REDIS_BREAKER_HALF_OPEN_MS = 1000;

  /**
   * Express `trust proxy`: `false`, a hop count, or a comma list of proxy addresses/subnets. The client IP never
   * comes from a raw `X-Forwarded-For`.
   */
  @Matches(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/, {
    message: 'TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses/subnets',
  })
  TRUST_PROXY = 'false';

  /** Pino level (`silent` to mute). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** `json` (one JSON line per entry), `pretty` (pino-pretty: readable, coloured); unset: pretty on a terminal. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['json', 'pretty'])
  LOG_FORMAT?: 'json' | 'pretty';

  /** Largest request body after decompression. */
  @IntSetting(1024, 16 * 1024 * 1024)
  BODY_LIMIT_BYTES = 512 * 1024;

  /** Deepest JSON nesting accepted. */
  @IntSetting(2, 256)
  JSON_MAX_DEPTH = 16;

  /**
   * Most object keys and array elements in a JSON body, every level counted; more is 413
   * `payload_too_large`, refused before anything walks the body.
   */
  @IntSetting(16, 1_000_000)
  JSON_MAX_ENTRIES = 2000;

  /** Worker processes of `npm run start:cluster` (0 = one per core); above 1 needs `DATABASE_URL`. */
  @IntSetting(0, 256)
  WEB_CONCURRENCY = 0;

  /** On SIGTERM/SIGINT, how long in-flight requests may take before their connections are closed. */
  @IntSetting(0, 300_000)
  SHUTDOWN_TIMEOUT_MS = 20_000;

  /** A client must send a request's whole header block within this long (else 408 and disconnected). */
  @IntSetting(100, 300_000)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /** A client must send a whole request, body included, within this long (else 408 and disconnected). */
  @IntSetting(100, 600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long an idle keep-alive connection stays open: keep it above the idle time-out of the load balancer in front
   * (AWS ALB: 60 s), see [operations](operations.md#time-outs-and-the-connection-cap).
   */
  @IntSetting(100, 3_600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;

  /**
   * An answer must drain to the client within this long (its bytes waiting to be written without a pause that
   * long), else the connection is cut: a client reading a byte at a time, or not at all, cannot hold a connection.
   */
  @IntSetting(100, 3_600_000)
  HTTP_SEND_TIMEOUT_MS = 60_000;

  /** Most open connections per process (api, each cluster worker, redirector); more are closed at once. */
  @IntSetting(1, 1_000_000)
  HTTP_MAX_CONNECTIONS = 10_000;

  /** The trust-proxy value in the form Express wants. */
  get trustProxy(): boolean | number | string[] {
    const raw = this.TRUST_PROXY.trim();
    if (raw === 'false') return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw.split(',').map((part) => part.trim());
  }
}

export const commonConfig = configNamespace('common', CommonConfig);
