import { Injectable, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock } from '@app/common';
import { PubSub } from '@app/messaging';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import {
  HOST_CACHE_TTL_MS,
  LOOKUP_BATCH_MAX,
  LOOKUP_BATCHES_IN_FLIGHT,
  MISSING_CODE_CACHE_MAX,
  MISSING_CODE_TTL_MS,
  OWN_DOMAIN,
  UNKNOWN_HOST_RELOAD_MS,
} from '../shortlinks.constants';
import { packTarget, unpackTarget } from './packed-target';
import { ShortLinkRedis } from './short-link-redis';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/** The `PubSub` channel of custom-domain status changes: the message is the host, every instance forgets it. */
export const DOMAIN_CHANGES_CHANNEL = 'domains';

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

/**
 * A hit as cached in this process: `<id> <target>`, one flat string as the lookup query returns it
 * (`id::text || ' ' || target`), packed (`packTarget`: the marketplace fragments of the target as one character
 * each), about 70 bytes of heap for a 136-character affiliate target instead of an object and two strings.
 * Decoded on use. Redis holds the unpacked text, so every version reads it.
 */
type CachedHit = string;

function decodeHit(value: CachedHit): LinkHit {
  const text = unpackTarget(value); // the id has nothing to unpack
  const space = text.indexOf(' ');
  return { id: text.slice(0, space), target: text.slice(space + 1) };
}

/** A value read from Redis: the current text, or the `{"i","t"}` JSON of earlier versions (null if unreadable). */
function fromRedis(value: string): string | null {
  if (value.charCodeAt(0) !== 123 /* { */) return value.indexOf(' ') > 0 ? value : null;
  try {
    const parsed = JSON.parse(value) as { i?: unknown; t?: unknown };
    return typeof parsed.i === 'string' && typeof parsed.t === 'string' ? `${parsed.i} ${parsed.t}` : null;
  } catch {
    return null;
  }
}

/** The lookup of a batch of codes in one scope: named (prepared once per connection) on PostgreSQL. */
const LOOKUP_OWN = {
  name: 'short_link_lookup',
  text: `SELECT code, id::text || ' ' || target AS hit FROM short_links WHERE domain = $1 AND code = ANY($2::text[])`,
};
const LOOKUP_MEMBER = {
  name: 'short_link_lookup_member',
  text: `SELECT code, id::text || ' ' || target AS hit FROM short_links
          WHERE domain = $1 AND code = ANY($2::text[]) AND member_id = $3`,
};

interface PendingLookup {
  scope: LinkScope;
  code: string;
  /** With the `<id> <target>` text found (unpacked), or undefined. */
  resolve: (text: string | undefined) => void;
  reject: (error: unknown) => void;
}

interface RawPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Array<Record<string, string>> }>;
}

/**
 * Hits decoded lately, kept decoded (`RedirectLookup.decoded`): a hot code is unpacked once, not on every
 * redirect. Emptied when full (no order kept: a cold code costs one more map write).
 */
const DECODED_MAX = 1000;

export const OWN_SCOPE: LinkScope = { domain: OWN_DOMAIN, memberId: null, key: '|' };

export function customScope(domain: string, memberId: string): LinkScope {
  return { domain, memberId, key: `${domain}|${memberId}|` };
}

/**
 * Code → target for the redirector, cheap on the hot path: a bounded in-process LRU (SHORT_LINK_CACHE_MAX
 * entries, SHORT_LINK_CACHE_TTL_SECONDS, each hit one string: see `CachedHit`), then Redis when configured, then
 * the database. Misses are batched (see `load`): the codes of a batch are read with one Redis `MGET`, the rest
 * with one query per scope (`code = ANY($2)`, a prepared statement on PostgreSQL's pool, not
 * TypeORM's query runner), and the hits written back to Redis in one pipeline, off the response path. Unknown
 * codes are remembered for MISSING_CODE_TTL_MS in a cache of their own (MISSING_CODE_CACHE_MAX): a flood of
 * random codes costs one query per batch, never one per request, and never evicts a known code. Concurrent
 * misses for one code share one lookup. Links never change target, so a long TTL is safe.
 * `databaseLookups` counts the queries (and the codes they asked for).
 *
 * Hosts (is this a verified custom domain, and whose): every verified domain is held in memory (one query loads
 * them all), reloaded when older than 60 s, at once after a status change made by any instance (`forgetHost`, on
 * the DOMAIN_CHANGES_CHANNEL of `PubSub`; and after the transport reconnects, as changes may have been missed), and
 * when a host it does not know arrives and the set is older than 5 s (a domain just verified elsewhere).
 * So a flood of random Host headers costs at most one query per 5 s, and never pushes a verified domain out.
 */
@Injectable()
export class RedirectLookup {
  private readonly links: LRUCache<string, CachedHit>;
  /**
   * The lookups under way, by cache key: concurrent misses for one code share one. Not lru-cache's `fetch`,
   * which makes an AbortController (and its signal's listeners) for every miss: about 7 µs against 2 here, and
   * 5 % of the redirector's CPU with Zipf access over 1,000,000 codes.
   */
  private readonly loading = new Map<string, Promise<CachedHit | undefined>>();
  private readonly missing: LRUCache<string, true>;
  /**
   * The last DECODED_MAX hits decoded, by cache key, with the packed value they came from: used only while the
   * LRU still holds that very value, so it never outlives (or differs from) the LRU's entry.
   */
  private readonly decoded = new Map<string, { packed: CachedHit; hit: LinkHit }>();
  private readonly ttlSeconds: number;
  /** PostgreSQL's pool (named statements); null on the embedded database (TypeORM's `query`). */
  private readonly pool: RawPool | null;
  private queue: PendingLookup[] = [];
  private batchesInFlight = 0;
  private queries = 0;
  private codesQueried = 0;
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
    private readonly clock: Clock,
    @Inject(shortLinksConfig.KEY) config: ShortLinksConfig,
    pubsub: PubSub,
  ) {
    pubsub.subscribe(DOMAIN_CHANGES_CHANNEL, (host) => this.forgetHost(host));
    pubsub.onResync(() => this.forgetHost(''));
    this.ttlSeconds = config.SHORT_LINK_CACHE_TTL_SECONDS;
    this.pool = (db.options as { url?: string }).url ? (db.driver as unknown as { master: RawPool }).master : null;
    this.missing = new LRUCache({
      max: MISSING_CODE_CACHE_MAX,
      ttl: Math.min(MISSING_CODE_TTL_MS, this.ttlSeconds * 1000),
    });
    // Staleness read against a clock refreshed every 100 ms (lru-cache's default, 1 ms, arms a timer every
    // millisecond under load); the TTL is at least a second.
    this.links = new LRUCache({
      max: config.SHORT_LINK_CACHE_MAX,
      ttl: this.ttlSeconds * 1000,
      ttlAutopurge: false,
      ttlResolution: 100,
    });
  }

  /** The cached answer: a hit, `null` (known unknown) or `undefined` (not cached: call `find`). */
  peek(scope: LinkScope, code: string): LinkHit | null | undefined {
    const key = scope.key + code;
    const cached = this.links.get(key);
    if (cached !== undefined) return this.decode(key, cached);
    return this.missing.has(key) ? null : undefined;
  }

  /** The hit of a cached value, decoded once while it is hot (see `decoded`). */
  private decode(key: string, packed: CachedHit): LinkHit {
    const memo = this.decoded.get(key);
    if (memo !== undefined && memo.packed === packed) return memo.hit;
    const hit = decodeHit(packed);
    if (this.decoded.size >= DECODED_MAX) this.decoded.clear();
    this.decoded.set(key, { packed, hit });
    return hit;
  }

  async find(scope: LinkScope, code: string): Promise<LinkHit | null> {
    const key = scope.key + code;
    if (this.missing.has(key)) return null;
    const cached = this.links.get(key);
    if (cached !== undefined) return this.decode(key, cached);
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.load({ ...scope, code })
        .then((text) => {
          if (text === undefined) {
            this.missing.set(key, true);
            return undefined;
          }
          const hit = packTarget(text);
          this.links.set(key, hit);
          return hit;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    const found = await loading;
    return found === undefined ? null : decodeHit(found);
  }

  /** Queries the lookup has sent to the database, and the codes they asked for (tests, the bench). */
  get databaseLookups(): { queries: number; codes: number } {
    return { queries: this.queries, codes: this.codesQueried };
  }

  /** The member a host is a verified custom domain of: known answer, `null` or `undefined` (call `findHost`). */
  peekHost(host: string): string | null | undefined {
    if (this.domains === null) return undefined;
    const now = this.clock.now().getTime();
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

  /** A host's status changed: the next lookup reloads the verified domains. */
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
    const startedAt = this.clock.now().getTime();
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

  /**
   * Queues one code for the next batch. A batch leaves at the end of the current turn of the event loop, or,
   * when LOOKUP_BATCHES_IN_FLIGHT are out already, as soon as one comes back: under load the batches grow
   * instead of the queries multiplying.
   */
  private load(scope: LinkScope & { code: string }): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.drain());
      this.queue.push({ scope, code: scope.code, resolve, reject });
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.batchesInFlight < LOOKUP_BATCHES_IN_FLIGHT) {
      const batch = this.queue.splice(0, LOOKUP_BATCH_MAX);
      this.batchesInFlight += 1;
      void this.lookUpBatch(batch)
        .catch((error: unknown) => batch.forEach((pending) => pending.reject(error)))
        .finally(() => {
          this.batchesInFlight -= 1;
          this.drain();
        });
    }
  }

  /** Redis first (one MGET), then one query per scope for the rest; hits go back to Redis in one pipeline. */
  private async lookUpBatch(batch: PendingLookup[]): Promise<void> {
    let rest = batch;
    if (this.redis.enabled) {
      const values = await this.redis.getMany(batch.map((p) => p.scope.key + p.code));
      rest = [];
      batch.forEach((pending, i) => {
        const value = values[i] ? fromRedis(values[i]) : null;
        if (value) pending.resolve(value);
        else rest.push(pending);
      });
    }
    const byScope = new Map<string, PendingLookup[]>();
    for (const pending of rest) {
      const group = byScope.get(pending.scope.key);
      if (group) group.push(pending);
      else byScope.set(pending.scope.key, [pending]);
    }
    const toRedis: Array<[string, string]> = [];
    await Promise.all(
      [...byScope.values()].map(async (group) => {
        try {
          const hits = await this.query(group[0].scope, [...new Set(group.map((p) => p.code))]);
          for (const pending of group) {
            const hit = hits.get(pending.code);
            if (hit !== undefined) toRedis.push([pending.scope.key + pending.code, hit]);
            pending.resolve(hit);
          }
        } catch (error) {
          group.forEach((pending) => pending.reject(error));
        }
      }),
    );
    if (toRedis.length > 0 && this.redis.enabled) void this.redis.setMany(toRedis, this.ttlSeconds);
  }

  /** Code → `<id> <target>` (unpacked) of the codes found. */
  private async query(scope: LinkScope, codes: string[]): Promise<Map<string, string>> {
    const statement = scope.memberId === null ? LOOKUP_OWN : LOOKUP_MEMBER;
    const values = scope.memberId === null ? [scope.domain, codes] : [scope.domain, codes, scope.memberId];
    this.queries += 1;
    this.codesQueried += codes.length;
    const rows: Array<Record<string, string>> = this.pool
      ? (await this.pool.query({ ...statement, values })).rows
      : await this.db.query(statement.text, values);
    return new Map(rows.map((row) => [row.code, row.hit]));
  }
}
