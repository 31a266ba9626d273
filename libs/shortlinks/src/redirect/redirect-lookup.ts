import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@app/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { HOST_CACHE_TTL_MS, MISSING_CODE_TTL_MS, OWN_DOMAIN, UNKNOWN_HOST_RELOAD_MS } from '../shortlinks.constants';
import { ShortLinkRedis } from './short-link-redis';

/** Where a code is looked up: our short domain (memberId null), or a custom domain and the member it is verified for. */
export interface LinkScope {
  domain: string;
  memberId: string | null;
  /** Cache-key prefix, computed once per scope. */
  key: string;
}

export interface LinkHit {
  id: string;
  target: string;
}

/** Cached "no such code" / "not a custom domain". */
const MISSING = Object.freeze({ missing: true as const });
type Cached<T> = T | typeof MISSING;

export const OWN_SCOPE: LinkScope = { domain: OWN_DOMAIN, memberId: null, key: '|' };

export function customScope(domain: string, memberId: string): LinkScope {
  return { domain, memberId, key: `${domain}|${memberId}|` };
}

/**
 * Code → target for the redirector, cheap on the hot path: a bounded in-process LRU (SHORT_LINK_CACHE_MAX
 * entries, SHORT_LINK_CACHE_TTL_SECONDS; unknown codes for 30 s), then Redis when configured, then one indexed
 * query. Concurrent misses for one code share one lookup (lru-cache `fetch`). Links never change target, so a
 * long TTL is safe.
 *
 * Hosts (is this a verified custom domain, and whose): every verified domain is held in memory (one query loads
 * them all), reloaded when older than 60 s, at once after a status change made by this process (`forgetHost`),
 * and when a host it does not know arrives and the set is older than 5 s (a domain just verified elsewhere).
 * So a flood of random Host headers costs at most one query per 5 s, and never pushes a verified domain out.
 */
@Injectable()
export class RedirectLookup {
  private readonly links: LRUCache<string, Cached<LinkHit>, LinkScope & { code: string }>;
  /** Verified custom domain → member; null until first loaded. */
  private domains: ReadonlyMap<string, string> | null = null;
  /** When the last successful load started, and the last attempt. */
  private domainsLoadedAt = 0;
  private domainsTriedAt = 0;
  private domainsLoading: Promise<ReadonlyMap<string, string>> | null = null;
  /** Bumped by `forgetHost`: a load that started before a status change does not count as fresh. */
  private domainsGeneration = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: ShortLinkRedis,
    config: AppConfig,
  ) {
    const ttlSeconds = config.SHORT_LINK_CACHE_TTL_SECONDS;
    this.links = new LRUCache({
      max: config.SHORT_LINK_CACHE_MAX,
      ttl: ttlSeconds * 1000,
      ttlAutopurge: false,
      fetchMethod: async (_key, _stale, { options, context }) => {
        const hit = await this.load(context, ttlSeconds);
        if (!hit) options.ttl = Math.min(MISSING_CODE_TTL_MS, ttlSeconds * 1000);
        return hit ?? MISSING;
      },
    });
  }

  /** The cached answer: a hit, `null` (known unknown) or `undefined` (not cached: call `find`). */
  peek(scope: LinkScope, code: string): LinkHit | null | undefined {
    const cached = this.links.get(scope.key + code);
    return cached === undefined ? undefined : cached === MISSING ? null : (cached as LinkHit);
  }

  async find(scope: LinkScope, code: string): Promise<LinkHit | null> {
    const found = await this.links.fetch(scope.key + code, { context: { ...scope, code } });
    return !found || found === MISSING ? null : (found as LinkHit);
  }

  /** The member a host is a verified custom domain of: known answer, `null` or `undefined` (call `findHost`). */
  peekHost(host: string): string | null | undefined {
    if (this.domains === null) return undefined;
    const now = Date.now();
    const mayReload = now - this.domainsTriedAt >= UNKNOWN_HOST_RELOAD_MS;
    if (mayReload && now - this.domainsLoadedAt >= HOST_CACHE_TTL_MS) return undefined;
    const memberId = this.domains.get(host);
    if (memberId !== undefined) return memberId;
    return mayReload ? undefined : null;
  }

  /** As `peekHost`, reloading the verified domains first when that is due (one query, shared). */
  async findHost(host: string): Promise<string | null> {
    const known = this.peekHost(host);
    if (known !== undefined) return known;
    this.domainsLoading ??= this.loadDomains().finally(() => (this.domainsLoading = null));
    return (await this.domainsLoading).get(host) ?? null;
  }

  /** A host's status changed in this process: the next lookup reloads. Other processes follow within 60 s. */
  forgetHost(_host: string): void {
    this.domainsGeneration += 1;
    this.domainsLoadedAt = 0;
    this.domainsTriedAt = 0;
  }

  /**
   * Every verified domain, in one query. On a database error the set already loaded is kept (the next try comes
   * UNKNOWN_HOST_RELOAD_MS later); with none loaded yet, the error goes to the caller (the request is not placed).
   */
  private async loadDomains(): Promise<ReadonlyMap<string, string>> {
    const generation = this.domainsGeneration;
    const startedAt = Date.now();
    this.domainsTriedAt = startedAt;
    try {
      const rows: Array<{ domain: string; member_id: string }> = await this.db.query(
        `SELECT domain, member_id FROM custom_domains WHERE status = 'verified'`,
      );
      this.domains = new Map(rows.map((row) => [row.domain, row.member_id]));
      // A status change during the query may be missing from it: then the next lookup loads again.
      if (generation === this.domainsGeneration) this.domainsLoadedAt = startedAt;
      else this.domainsTriedAt = 0;
      return this.domains;
    } catch (error) {
      if (this.domains === null) throw error;
      return this.domains;
    }
  }

  private async load(scope: LinkScope & { code: string }, ttlSeconds: number): Promise<LinkHit | null> {
    const redisKey = scope.key + scope.code;
    const cached = await this.redis.get(redisKey);
    if (cached) {
      try {
        const parsed = JSON.parse(cached) as { i: string; t: string };
        return { id: parsed.i, target: parsed.t };
      } catch {
        // A value we cannot read: fall through to the database and overwrite it.
      }
    }
    const rows: Array<{ id: string; target: string }> =
      scope.memberId === null
        ? await this.db.query(`SELECT id, target FROM short_links WHERE domain = $1 AND code = $2`, [
            scope.domain,
            scope.code,
          ])
        : await this.db.query(`SELECT id, target FROM short_links WHERE domain = $1 AND code = $2 AND member_id = $3`, [
            scope.domain,
            scope.code,
            scope.memberId,
          ]);
    const row = rows[0];
    if (!row) return null;
    const hit = { id: String(row.id), target: row.target };
    if (this.redis.enabled) void this.redis.set(redisKey, JSON.stringify({ i: hit.id, t: hit.target }), ttlSeconds);
    return hit;
  }
}
