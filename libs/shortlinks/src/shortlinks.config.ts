import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsUrl, Matches } from 'class-validator';
import { HttpConfig, httpConfig } from '@app/http';
import { IsIpList, configNamespace, emptyToUndefined, toBool, IntSetting } from '@app/common';

/** Settings of our short links, the redirector and custom domains. */
export class ShortLinksConfig {
  /**
   * Base of our short links: its host (any port) and path are routed to the redirector. The default follows `PORT`.
   * It may be the root of the api's own host (`http://127.0.0.1:3000`): the api's paths (`/`, `/api`, `/account`,
   * `/admin`, `/docs`, `/health`, `/metrics`, `/assets`, `/signup`, `/login`, `/logout`) stay the api's and are
   * never issued as codes. A base URL with a query, a fragment, a user name or one of those paths is refused at
   * start-up.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  SHORT_LINK_BASE_URL!: string;

  /**
   * New short links (own and custom domains together) a Free member may make per UTC day; more is 429
   * `quota_exceeded`. A target shortened again with the same sub ids reuses its link and counts nothing.
   */
  @IntSetting(0, 100_000_000)
  SHORT_LINK_QUOTA_FREE_PER_DAY = 1000;

  /** Short links a Free member may have in all. */
  @IntSetting(0, 1_000_000_000)
  SHORT_LINK_QUOTA_FREE_TOTAL = 10_000;

  /** New short links a Pro member may make per UTC day. */
  @IntSetting(0, 100_000_000)
  SHORT_LINK_QUOTA_PRO_PER_DAY = 20_000;

  /** Short links a Pro member may have in all. */
  @IntSetting(0, 1_000_000_000)
  SHORT_LINK_QUOTA_PRO_TOTAL = 500_000;

  /** Length of new short codes. */
  @IntSetting(5, 32)
  SHORT_CODE_LENGTH = 7;

  /** The api serves short links itself (single process); `false` when `npm run start:redirector` does. */
  @Transform(toBool)
  @IsBoolean({ message: 'REDIRECTOR_MOUNT must be true or false' })
  REDIRECTOR_MOUNT = true;

  /** Port of the standalone redirector. */
  @IntSetting(0, 65535)
  REDIRECTOR_PORT = 3001;

  /**
   * Short-link lookups kept in each process's LRU; about 155 B of live heap each with ~136-character affiliate
   * targets, packed (100,000 ≈ 16 MB, 1,000,000 ≈ 0.16 GB per process; 25 to 40 MB of RSS per 100,000 measured).
   */
  @IntSetting(100, 10_000_000)
  SHORT_LINK_CACHE_MAX = 100_000;

  /** How long a lookup stays in the LRU and in Redis. */
  @IntSetting(1, 7 * 24 * 3600)
  SHORT_LINK_CACHE_TTL_SECONDS = 3600;

  /** How often click counters are written. */
  @IntSetting(50, 300_000)
  CLICK_FLUSH_INTERVAL_MS = 5000;

  /** How often each custom domain's TXT record is checked again (0 = never). */
  @IntSetting(0, 30 * 24 * 3600)
  CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS = 3600;

  /** Scheme of short links on custom domains. */
  @IsIn(['https', 'http'], { message: 'CUSTOM_DOMAIN_LINK_SCHEME must be https or http' })
  CUSTOM_DOMAIN_LINK_SCHEME: 'https' | 'http' = 'https';

  /** DNS servers for the custom-domain TXT check, `ip` or `ip:port`, comma-separated; empty = the system's. */
  @Matches(/^$|^[0-9a-fA-F.:[\]]+(\s*,\s*[0-9a-fA-F.:[\]]+)*$/, {
    message: 'DNS_SERVERS must be a comma-separated list of ip or ip:port',
  })
  DNS_SERVERS = '';

  /**
   * Addresses/ranges that may ask `GET /internal/tls/allowed` (the TLS front; see [HTTPS for custom
   * domains](operations.md#https-for-custom-domains-caddy-on-demand-tls)).
   */
  @IsIpList({ message: 'TLS_ASK_ALLOWLIST must be a comma-separated list of IP addresses or CIDR ranges' })
  TLS_ASK_ALLOWLIST = '127.0.0.1, ::1';

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
