import { HttpConfig, httpConfig } from '@app/http';
import { bool, configNamespace, httpUrl, int, ipList, matches, oneOf, optional, settingsTable } from '@app/common';

/** Settings of our short links, the redirector and custom domains. */
export class ShortLinksConfig extends settingsTable({
  /**
   * Base of our short links: its host (any port) and path are routed to the redirector. The default follows `PORT`.
   * It may be the root of the api's own host (`http://127.0.0.1:3000`): the api's paths (`/`, `/api`, `/account`,
   * `/admin`, `/docs`, `/health`, `/metrics`, `/assets`, `/signup`, `/login`, `/logout`) stay the api's and are
   * never issued as codes. A base URL with a query, a fragment, a user name or one of those paths is refused at
   * start-up.
   */
  SHORT_LINK_BASE_URL: optional(httpUrl()),

  /**
   * New short links (own and custom domains together) a Free member may make per UTC day; more is 429
   * `quota_exceeded`. A target shortened again with the same sub ids reuses its link and counts nothing.
   */
  SHORT_LINK_QUOTA_FREE_PER_DAY: int(1000, 0, 100_000_000),

  /** Short links a Free member may have in all. */
  SHORT_LINK_QUOTA_FREE_TOTAL: int(10_000, 0, 1_000_000_000),

  /** New short links a Pro member may make per UTC day. */
  SHORT_LINK_QUOTA_PRO_PER_DAY: int(20_000, 0, 100_000_000),

  /** Short links a Pro member may have in all. */
  SHORT_LINK_QUOTA_PRO_TOTAL: int(500_000, 0, 1_000_000_000),

  /** Length of new short codes. */
  SHORT_CODE_LENGTH: int(7, 5, 32),

  /** The api serves short links itself (single process); `false` when `npm run start:redirector` does. */
  REDIRECTOR_MOUNT: bool(true),

  /** Port of the standalone redirector. */
  REDIRECTOR_PORT: int(3001, 0, 65535),

  /**
   * Short-link lookups kept in each process's LRU; about 155 B of live heap each with ~136-character affiliate
   * targets, packed (100,000 ≈ 16 MB, 1,000,000 ≈ 0.16 GB per process; 25 to 40 MB of RSS per 100,000 measured).
   */
  SHORT_LINK_CACHE_MAX: int(100_000, 100, 10_000_000),

  /** How long a lookup stays in the LRU and in Redis. */
  SHORT_LINK_CACHE_TTL_SECONDS: int(3600, 1, 7 * 24 * 3600),

  /** How often click counters are written. */
  CLICK_FLUSH_INTERVAL_MS: int(5000, 50, 300_000),

  /** How often each custom domain's TXT record is checked again (0 = never). */
  CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS: int(3600, 0, 30 * 24 * 3600),

  /** Scheme of short links on custom domains. */
  CUSTOM_DOMAIN_LINK_SCHEME: oneOf(['https', 'http']).default('https'),

  /** DNS servers for the custom-domain TXT check, `ip` or `ip:port`, comma-separated; empty = the system's. */
  DNS_SERVERS: matches(
    /^$|^[0-9a-fA-F.:[\]]+(\s*,\s*[0-9a-fA-F.:[\]]+)*$/,
    'must be a comma-separated list of ip or ip:port',
  ).default(''),

  /**
   * Addresses/ranges that may ask `GET /internal/tls/allowed` (the TLS front; see [HTTPS for custom
   * domains](operations.md#https-for-custom-domains-caddy-on-demand-tls)).
   */
  TLS_ASK_ALLOWLIST: ipList('127.0.0.1, ::1'),
}) {
  /** Unset only until `complete` fills it from PORT. */
  declare SHORT_LINK_BASE_URL: string;

  /** DNS_SERVERS as a list (empty: the system's resolvers). */
  get dnsServers(): string[] {
    return this.DNS_SERVERS.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
}

export const shortLinksConfig = configNamespace('shortlinks', ShortLinksConfig, {
  // The default short links are served by this process (the mounted redirector): on its own port.
  complete: (settings, config) => {
    settings.SHORT_LINK_BASE_URL ??= `http://localhost:${(config.find(httpConfig) ?? new HttpConfig()).PORT}/s`;
    return [];
  },
});
