import { Injectable } from '@nestjs/common';
import { Clock } from '@app/common';
import { PubSub, RedisConnections } from '@app/messaging';

/** A ban in force, as the guard needs it. */
export interface ActiveBan {
  id: string;
  ip: string;
  level: number;
  expiresAtMs: number;
}

interface CachedBan extends ActiveBan {
  /** Local change counter when it was cached (see `replaceAll`). */
  version: number;
}

type BanMessage = { op: 'ban'; ban: ActiveBan } | { op: 'unban'; ip: string };

const BAN_CHANNEL = 'bans';

export function banRedisKey(ipKey: string): string {
  return `ban:${ipKey}`;
}

export function parseActiveBan(raw: string): ActiveBan | null {
  try {
    const value = JSON.parse(raw) as Partial<ActiveBan>;
    if (typeof value.id !== 'string' || typeof value.ip !== 'string') return null;
    if (typeof value.level !== 'number' || typeof value.expiresAtMs !== 'number') return null;
    return { id: value.id, ip: value.ip, level: value.level, expiresAtMs: value.expiresAtMs };
  } catch {
    return null;
  }
}

/**
 * This instance's copy of the bans in force and how it stays in step with the other instances: an in-process
 * cache (no round trip for a banned client), the `bans` channel of `PubSub` (a ban or a lift applies everywhere at
 * once), and, with Redis, a key per ban with a TTL that another instance reads on a local miss. Changes made while
 * a reload from Postgres ran (here or announced by another instance) win over what the reload saw.
 */
@Injectable()
export class BanSync {
  private active = new Map<string, CachedBan>();
  /** Keys lifted locally or by another instance, with the local version at that moment. */
  private readonly recentlyLifted = new Map<string, number>();
  private version = 0;

  constructor(
    private readonly redis: RedisConnections,
    private readonly pubsub: PubSub,
    private readonly clock: Clock,
  ) {}

  /** Starts hearing the other instances' bans and lifts. */
  listen(): void {
    this.pubsub.subscribe(BAN_CHANNEL, (message) => this.onMessage(message));
  }

  /** The ban in this instance's cache for the key, or null (an expired one is dropped). */
  local(key: string): ActiveBan | null {
    const cached = this.active.get(key);
    if (!cached) return null;
    if (cached.expiresAtMs > this.clock.now().getTime()) return cached;
    this.active.delete(key);
    return null;
  }

  /** The version to pass to `replaceAll` once a reload started now has its rows. */
  get currentVersion(): number {
    return this.version;
  }

  /** Replaces the cache with the bans a reload started at `startVersion` read, keeping what changed meanwhile. */
  replaceAll(bans: readonly ActiveBan[], startVersion: number): void {
    const next = new Map<string, CachedBan>();
    for (const ban of bans) {
      if ((this.recentlyLifted.get(ban.ip) ?? -1) > startVersion) continue;
      const known = next.get(ban.ip);
      if (!known || known.expiresAtMs < ban.expiresAtMs) next.set(ban.ip, { ...ban, version: startVersion });
    }
    for (const [key, entry] of this.active) if (entry.version > startVersion) next.set(key, entry);
    this.active = next;
    for (const [key, version] of this.recentlyLifted) if (version <= startVersion) this.recentlyLifted.delete(key);
  }

  remember(ban: ActiveBan): void {
    this.version += 1;
    const known = this.active.get(ban.ip);
    if (known && known.expiresAtMs >= ban.expiresAtMs) return;
    this.active.set(ban.ip, { ...ban, version: this.version });
  }

  private forget(ipKey: string): void {
    this.version += 1;
    this.active.delete(ipKey);
    this.recentlyLifted.set(ipKey, this.version);
  }

  /** A new ban (already `remember`ed): written to Redis (key with TTL) when there is one, and announced to every instance. */
  async share(ban: ActiveBan, nowMs: number): Promise<void> {
    if (this.redis.client && this.redis.ready) {
      try {
        const ttlMs = Math.max(1, ban.expiresAtMs - nowMs);
        await this.redis.client.set(banRedisKey(ban.ip), JSON.stringify(ban), 'PX', ttlMs);
      } catch (error) {
        this.redis.warn('Redis SET of a ban', error);
      }
    }
    await this.pubsub.publish(BAN_CHANNEL, JSON.stringify({ op: 'ban', ban } satisfies BanMessage));
  }

  /** A lifted ban: dropped here and from Redis, and announced to every instance. */
  async unshare(ipKey: string): Promise<void> {
    this.forget(ipKey);
    await this.dropShared(ipKey, true);
    await this.pubsub.publish(BAN_CHANNEL, JSON.stringify({ op: 'unban', ip: ipKey } satisfies BanMessage));
  }

  /** Whether the shared copy (Redis) can be read. */
  get sharing(): boolean {
    return Boolean(this.redis.client);
  }

  /** The raw ban another instance wrote to Redis for the key, or null (no Redis, no key, Redis failing). */
  async sharedRaw(ipKey: string): Promise<string | null> {
    if (!this.redis.client || !this.redis.ready) return null;
    try {
      return await this.redis.client.get(banRedisKey(ipKey));
    } catch (error) {
      this.redis.warn('Redis GET of a ban', error);
      return null;
    }
  }

  /** Drops a stale shared copy (its row is lifted or gone). */
  async dropShared(ipKey: string, warn = false): Promise<void> {
    if (!this.redis.client || (warn && !this.redis.ready)) return;
    await this.redis.client
      .del(banRedisKey(ipKey))
      .catch((error: unknown) => (warn ? this.redis.warn('Redis DEL', error) : undefined));
  }

  private onMessage(raw: string): void {
    let message: BanMessage;
    try {
      message = JSON.parse(raw) as BanMessage;
    } catch {
      return;
    }
    if (message.op === 'unban' && typeof message.ip === 'string') this.forget(message.ip);
    if (message.op === 'ban') {
      const ban = parseActiveBan(JSON.stringify(message.ban));
      if (ban) this.remember(ban);
    }
  }
}
