import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@app/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { HOST_CACHE_TTL_MS, MISSING_CODE_TTL_MS, OWN_DOMAIN } from '../shortlinks.constants';
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
 * long TTL is safe. Hosts (is this a verified custom domain, and whose) are cached for 60 s.
 */
@Injectable()
export class RedirectLookup {
  private readonly links: LRUCache<string, Cached<LinkHit>, LinkScope & { code: string }>;
  private readonly hosts: LRUCache<string, Cached<{ memberId: string }>>;

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
    this.hosts = new LRUCache({
      max: 10_000,
      ttl: HOST_CACHE_TTL_MS,
      fetchMethod: async (host) => {
        const rows: Array<{ member_id: string }> = await this.db.query(
          `SELECT member_id FROM custom_domains WHERE domain = $1 AND status = 'verified' LIMIT 1`,
          [host],
        );
        return rows[0] ? { memberId: rows[0].member_id } : MISSING;
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

  /** The member a host is a verified custom domain of: cached answer, `null` or `undefined` (call `findHost`). */
  peekHost(host: string): string | null | undefined {
    const cached = this.hosts.get(host);
    return cached === undefined ? undefined : cached === MISSING ? null : (cached as { memberId: string }).memberId;
  }

  async findHost(host: string): Promise<string | null> {
    const found = await this.hosts.fetch(host);
    return !found || found === MISSING ? null : (found as { memberId: string }).memberId;
  }

  /** Drops what this process knows about a host (its status changed). Other processes follow within 60 s. */
  forgetHost(host: string): void {
    this.hosts.delete(host);
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
