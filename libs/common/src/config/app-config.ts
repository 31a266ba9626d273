import { Transform, plainToInstance } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MinLength,
  Min,
  validateSync,
} from 'class-validator';
import { IsIpList } from './ip-list';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
const toBool = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  return value;
};
const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** 32 bytes in base64 or base64url, with or without the padding. */
export const SETTINGS_KEY_SHAPE = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Every setting the service reads, validated once at start-up (see `loadConfig`).
 * Inject `AppConfig` to read it typed; nothing else reads `process.env`.
 */
export class AppConfig {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /** Folder for the embedded database and the generated secret when DATABASE_URL is unset. */
  @IsString()
  @MinLength(1)
  DATA_DIR = './data';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Key for the HMAC of API keys and tokens. Required with DATABASE_URL; generated under DATA_DIR otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CREDENTIALS_SECRET must be at least 32 characters' })
  CREDENTIALS_SECRET?: string;

  /**
   * Key that signs the session cookie (`lc_sid`). Required with DATABASE_URL (every instance must share it);
   * generated under DATA_DIR otherwise.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  /**
   * HMAC-SHA256 key of the password pre-hash (bcrypt runs over base64(HMAC(PASSWORD_PEPPER, password))).
   * Required with DATABASE_URL; generated under DATA_DIR otherwise. Changing it makes every password unusable.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'PASSWORD_PEPPER must be at least 32 characters' })
  PASSWORD_PEPPER?: string;

  /**
   * AES-256-GCM key for the member settings stored encrypted (marketplace app secret, Bitly token, ...):
   * 32 bytes, base64 or base64url. Required with DATABASE_URL; generated under DATA_DIR otherwise.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(SETTINGS_KEY_SHAPE, { message: 'SETTINGS_ENCRYPTION_KEY must be 32 bytes, base64 encoded (44 characters)' })
  SETTINGS_ENCRYPTION_KEY?: string;

  /** `Secure` flag of the session cookie: `auto` (when the request came over TLS, per TRUST_PROXY), `true`, `false`. */
  @IsIn(['auto', 'true', 'false'], { message: 'COOKIE_SECURE must be auto, true or false' })
  COOKIE_SECURE: 'auto' | 'true' | 'false' = 'auto';

  /** A session unused for this long is over. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_080)
  SESSION_IDLE_TIMEOUT_MINUTES = 60;

  /** A session is over this long after login, used or not. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(720)
  SESSION_ABSOLUTE_TIMEOUT_HOURS = 12;

  /** Whether `POST /account/register` accepts new members. */
  @Transform(toBool)
  @IsBoolean({ message: 'REGISTRATION_OPEN must be true or false' })
  REGISTRATION_OPEN = true;

  /** Sign-ups accepted from one IP address (IPv6: one /64) per hour. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  REGISTRATIONS_PER_IP_PER_HOUR = 10;

  /** Failed logins for one account from one IP address within the window before 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP = 5;

  /** Failed logins from one IP address (any account) within the window before 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  LOGIN_MAX_FAILURES_PER_IP = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1440)
  LOGIN_FAILURE_WINDOW_MINUTES = 15;

  /**
   * Failed logins for one account from every IP together within LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES before
   * 429 (a password spray from many addresses). IPs that logged in to the account lately are not held back.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1440)
  LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES = 15;

  /** How long an IP that logged in to an account stays exempt from that account's all-IP limit, in days. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  LOGIN_KNOWN_IP_DAYS = 30;

  /** How often the in-process usage counters are written to `member_usage`, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  USAGE_FLUSH_INTERVAL_MS = 5000;

  /** Base of our short links; by default `http://localhost:<PORT>/s`, so it follows PORT (see `loadConfig`). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SHORT_LINK_BASE_URL!: string;

  /**
   * Express `trust proxy`: `false` (default, the socket address is the client), a hop count (`1`),
   * or a comma-separated list of addresses/subnets (`10.0.0.0/8, 192.168.1.1`).
   */
  @Matches(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/, {
    message: 'TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses/subnets',
  })
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  CONVERT_MAX_CONTENT_CHARS = 50_000;

  /** Largest accepted request body, in bytes, measured after decompression. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(16 * 1024 * 1024)
  BODY_LIMIT_BYTES = 512 * 1024;

  /** Deepest JSON nesting accepted in a request body (checked before validation). */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(256)
  JSON_MAX_DEPTH = 16;

  /**
   * Most object keys and array elements in a JSON request body, every level counted (checked before anything
   * walks the body: class-transformer's cost grows faster than the key count).
   */
  @Transform(toInt)
  @IsInt()
  @Min(16)
  @Max(1_000_000)
  JSON_MAX_ENTRIES = 2000;

  /** How long a verified API credential is trusted from the in-process cache, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  CREDENTIAL_CACHE_TTL_MS = 30_000;

  /** Short-link resolver: most HTTP requests (hops) made for one short link, the first one included. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10)
  LINK_RESOLVER_MAX_HOPS = 5;

  /** Short-link resolver: TCP connect + TLS handshake time-out, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  LINK_RESOLVER_CONNECT_TIMEOUT_MS = 3000;

  /** Short-link resolver: time-out until the response headers (and for any pause in a body), in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  LINK_RESOLVER_HEADERS_TIMEOUT_MS = 5000;

  /** Short-link resolver: time-out for the whole resolution of one short link, every hop included, in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(120_000)
  LINK_RESOLVER_TOTAL_TIMEOUT_MS = 8000;

  /** Short-link resolver: most bytes of an HTML body read (for og:url / canonical). */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(1024 * 1024)
  LINK_RESOLVER_MAX_BODY_BYTES = 64 * 1024;

  /** Short-link resolver: short links of one request resolved at the same time. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  LINK_RESOLVER_CONCURRENCY = 8;

  /** Short-link resolver: after this long (ms), a request starts no further resolution (those links fail). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120_000)
  LINK_RESOLVER_REQUEST_BUDGET_MS = 10_000;

  /** How long a resolved short link is reused (cache), in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(90 * 24 * 3600)
  LINK_RESOLVER_CACHE_TTL_SECONDS = 7 * 24 * 3600;

  /** How long a failed resolution is reused before the short link is tried again, in seconds (0 = never). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(24 * 3600)
  LINK_RESOLVER_FAILURE_TTL_SECONDS = 600;

  /** Rate-limit window, in seconds, shared by the `per_key` and `per_member` limits. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Requests per window for one API key of a Free member. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_FREE_PER_KEY = 60;

  /** Requests per window for all API keys of a Free member together. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_FREE_PER_MEMBER = 120;

  /** Requests per window for one API key of a Pro member. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_PRO_PER_KEY = 600;

  /** Requests per window for all API keys of a Pro member together. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_PRO_PER_MEMBER = 1200;

  /** Wrong API credentials from one IP (IPv6: one /64) within the failure window that ban the IP. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  IP_BAN_MAX_FAILURES = 10;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1440)
  IP_BAN_FAILURE_WINDOW_MINUTES = 10;

  /** Length of a first ban; each further ban within the look-back doubles it, up to IP_BAN_MAX_MINUTES. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(525_600)
  IP_BAN_BASE_MINUTES = 15;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(525_600)
  IP_BAN_MAX_MINUTES = 1440;

  /** How far back earlier bans of the same IP count for the doubling. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(8760)
  IP_BAN_REPEAT_LOOKBACK_HOURS = 168;

  /** IPs and CIDR ranges that are never banned, comma-separated (`203.0.113.7, 10.0.0.0/8`). */
  @IsIpList({ message: 'IP_BAN_ALLOWLIST must be a comma-separated list of IP addresses or CIDR ranges' })
  IP_BAN_ALLOWLIST = '';

  /** Prefix of every Redis key (and channel) of this service, so several services can share one Redis. */
  @Matches(/^[A-Za-z0-9:_.-]{0,64}$/, { message: 'REDIS_KEY_PREFIX must be up to 64 of [A-Za-z0-9:_.-]' })
  REDIS_KEY_PREFIX = 'linkconv:';

  /** How often buffered abuse events are written to `abuse_events`, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  ABUSE_EVENTS_FLUSH_INTERVAL_MS = 1000;

  // --- Outside services (ext_shortener_1..5, marketplace_api): libs/outbound ---

  /** Outside services: TCP connect (+ TLS) time-out, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  OUTBOUND_CONNECT_TIMEOUT_MS = 2000;

  /** Outside services: time-out of one attempt (until the whole answer is read), in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(120_000)
  OUTBOUND_TIMEOUT_MS = 5000;

  /** Outside services: the longest a convert request spends on outside calls; what is left fails per item. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(120_000)
  OUTBOUND_REQUEST_BUDGET_MS = 8000;

  /** Outside services: retries of a retryable failure (time-out, connection error, 5xx), with jittered backoff. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5)
  OUTBOUND_MAX_RETRIES = 2;

  /** Outside services: base of the exponential backoff (full jitter), in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  OUTBOUND_RETRY_BASE_MS = 200;

  /** Outside services: calls in flight per provider and instance (is.gd, v.gd and Bitly allow at most 5). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  OUTBOUND_MAX_CONCURRENCY = 5;

  /** Outside services: consecutive failed calls (time-out, connection error, 5xx) that open a provider's circuit. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  OUTBOUND_BREAKER_FAILURE_THRESHOLD = 5;

  /** Outside services: how long an open circuit refuses calls before one trial call (half-open), in ms. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  OUTBOUND_BREAKER_COOLDOWN_MS = 30_000;

  /** Outside services: how long a link obtained from an outside service is reused, in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(365 * 24 * 3600)
  OUTBOUND_CACHE_TTL_SECONDS = 30 * 24 * 3600;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  TINYURL_BASE_URL = 'https://tinyurl.com';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  TINYURL_API_BASE_URL = 'https://api.tinyurl.com';

  /** TinyURL API v2 token of the service; when set, ext_shortener_1 uses the v2 JSON API instead of api-create.php. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[\x21-\x7e]{1,512}$/, { message: 'TINYURL_API_TOKEN must be 1 to 512 visible ASCII characters' })
  TINYURL_API_TOKEN?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  ISGD_BASE_URL = 'https://is.gd';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  VGD_BASE_URL = 'https://v.gd';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  BITLY_BASE_URL = 'https://api-ssl.bitly.com';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  CUTTLY_BASE_URL = 'https://cutt.ly';

  /** Shopee Affiliate Open API endpoint; `{region}` becomes the link's domain suffix (`vn`, `co.th`, `com.br`...). */
  @Matches(/^https?:\/\/\S+$/, { message: 'SHOPEE_OPEN_API_URL must be an http(s) URL' })
  SHOPEE_OPEN_API_URL = 'https://open-api.affiliate.shopee.{region}/graphql';

  /** Lazada Open Platform REST base; `{region}` becomes the link's domain suffix (`vn`, `co.th`, `com.my`...). */
  @Matches(/^https?:\/\/\S+$/, { message: 'LAZADA_API_URL must be an http(s) URL' })
  LAZADA_API_URL = 'https://api.lazada.{region}/rest';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  // --- Short links and the redirector (issue 6) ---

  /** Length of a new random short code (alphabet without look-alikes, 49 characters). */
  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(32)
  SHORT_CODE_LENGTH = 7;

  /**
   * Whether the api process also serves the short links (single-process default): requests whose Host is the
   * short domain (under SHORT_LINK_BASE_URL's path) or a verified custom domain go to the redirect handler.
   * `false` when `npm run start:redirector` serves them.
   */
  @Transform(toBool)
  @IsBoolean({ message: 'REDIRECTOR_MOUNT must be true or false' })
  REDIRECTOR_MOUNT = true;

  /** HTTP port of the standalone redirector (`npm run start:redirector`). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  REDIRECTOR_PORT = 3001;

  /** Most short-link lookups (found or not) kept in each process's LRU cache. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(10_000_000)
  SHORT_LINK_CACHE_MAX = 100_000;

  /** How long a short-link lookup stays in the process cache (and in Redis), in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(7 * 24 * 3600)
  SHORT_LINK_CACHE_TTL_SECONDS = 3600;

  /** How often the in-process click counters are written to the database, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(300_000)
  CLICK_FLUSH_INTERVAL_MS = 5000;

  /** How often custom domains are re-checked (DNS TXT), in seconds; 0 turns the periodic re-check off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(30 * 24 * 3600)
  CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS = 3600;

  /** Scheme of the short links on custom domains (TLS is terminated in front of the redirector). */
  @IsIn(['https', 'http'], { message: 'CUSTOM_DOMAIN_LINK_SCHEME must be https or http' })
  CUSTOM_DOMAIN_LINK_SCHEME: 'https' | 'http' = 'https';

  /** DNS servers for the custom-domain TXT check, comma-separated `ip` or `ip:port`; empty = the system's. */
  @Matches(/^$|^[0-9a-fA-F.:[\]]+(\s*,\s*[0-9a-fA-F.:[\]]+)*$/, {
    message: 'DNS_SERVERS must be a comma-separated list of ip or ip:port',
  })
  DNS_SERVERS = '';

  // --- Processes and shutdown (issue 8) ---

  /** Worker processes of `npm run start:cluster` (0 = one per CPU core). Needs DATABASE_URL when above 1. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(256)
  WEB_CONCURRENCY = 0;

  /** On SIGTERM, how long in-flight requests may take to finish before their connections are closed. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(300_000)
  SHUTDOWN_TIMEOUT_MS = 20_000;

  // --- HTTP server time-outs and connection cap (every listening process: api, cluster workers, redirector) ---

  /** A client must send a request's whole header block within this long, or gets 408 and is disconnected. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300_000)
  HTTP_HEADERS_TIMEOUT_MS = 20_000;

  /** A client must send a whole request (headers and body) within this long, or gets 408 and is disconnected. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_REQUEST_TIMEOUT_MS = 30_000;

  /**
   * How long an idle keep-alive connection is kept open. Longer than the idle time-out of the load balancer in
   * front (AWS ALB: 60 s), so the balancer, never this server, closes an idle connection: otherwise it may send
   * a request on a connection this server is closing, and the client gets a 502.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;

  /** Most open connections per process; connections past it are closed at once (file descriptors, memory). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  HTTP_MAX_CONNECTIONS = 10_000;

  // --- Operators: metrics and the TLS front ---

  /** Whether `GET /metrics` and the HTTP request histogram are on (counting costs under 2 % of a convert). */
  @Transform(toBool)
  @IsBoolean({ message: 'METRICS_ENABLED must be true or false' })
  METRICS_ENABLED = true;

  /** When set, `GET /metrics` needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** Addresses that may ask `GET /internal/tls/allowed` (the TLS front, e.g. Caddy's on-demand TLS). */
  @IsIpList({ message: 'TLS_ASK_ALLOWLIST must be a comma-separated list of IP addresses or CIDR ranges' })
  TLS_ASK_ALLOWLIST = '127.0.0.1, ::1';

  /** The trust-proxy value in the form Express wants. */
  get trustProxy(): boolean | number | string[] {
    const raw = this.TRUST_PROXY.trim();
    if (raw === 'false') return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    return raw.split(',').map((part) => part.trim());
  }

  /** The `secure` option of the session cookie, in the form express-session wants. */
  get cookieSecure(): boolean | 'auto' {
    return this.COOKIE_SECURE === 'auto' ? 'auto' : this.COOKIE_SECURE === 'true';
  }

  get usesEmbeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }

  /** DNS_SERVERS as a list (empty: the system's resolvers). */
  get dnsServers(): string[] {
    return this.DNS_SERVERS.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates settings from an environment-like record; throws `ConfigError` listing every problem. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked: Record<string, string> = {};
  for (const key of [
    ...known,
    'DATABASE_URL',
    'REDIS_URL',
    'CREDENTIALS_SECRET',
    'SESSION_SECRET',
    'PASSWORD_PEPPER',
    'SETTINGS_ENCRYPTION_KEY',
    'TINYURL_API_TOKEN',
    'SHORT_LINK_BASE_URL',
    'METRICS_TOKEN',
  ]) {
    const value = env[key];
    if (value !== undefined) picked[key] = value;
  }
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: true });
  const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}));
  if (problems.length > 0) throw new ConfigError(problems);
  // The default short links are served by this process (the mounted redirector): on its own port.
  config.SHORT_LINK_BASE_URL ??= `http://localhost:${config.PORT}/s`;
  return config;
}
