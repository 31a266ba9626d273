import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock, PeriodicTask, ipKeyFromInput, ipKeyOf, UNKNOWN_CLIENT } from '@app/common';
import { PubSub, RedisConnections } from '@app/messaging';
import { DataSource, In, IsNull, MoreThan } from 'typeorm';
import { BAN_SYNC_INTERVAL_MS } from '../abuse.constants';
import { IpAllowList } from './ip-allow-list';
import { AbuseEvents } from '../events/abuse-events.service';
import { banDurationSeconds } from './ban-duration';
import { FailedAuthCounter } from './failed-auth-counter';
import { IpBan } from './ip-ban.entity';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/** A ban in force, as the guard needs it. */
export interface ActiveBan {
  id: string;
  ip: string;
  level: number;
  expiresAtMs: number;
}

interface CachedBan extends ActiveBan {
  /** Local change counter when it was cached (see `refresh`). */
  version: number;
}

type BanMessage = { op: 'ban'; ban: ActiveBan } | { op: 'unban'; ip: string };

const BAN_CHANNEL = 'bans';

function banRedisKey(ipKey: string): string {
  return `ban:${ipKey}`;
}

function activeBanOf(row: Pick<IpBan, 'id' | 'ip' | 'level' | 'expiresAt'>): ActiveBan {
  return { id: String(row.id), ip: row.ip, level: row.level, expiresAtMs: new Date(row.expiresAt).getTime() };
}

function parseActiveBan(raw: string): ActiveBan | null {
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
 * Failed-auth IP bans. Postgres (`ip_bans`) is the truth: bans and their history persist there, so a ban
 * holds after a restart. Every instance keeps the active bans in process (loaded at start, reloaded every
 * 30 s, and updated at once by a message on the `bans` channel of `PubSub`: Redis, else Postgres LISTEN/NOTIFY),
 * so a banned client costs no round trip at all. With Redis, a new ban is also written as a key with a TTL that
 * every instance reads on a local miss, so it holds on every instance even when the message was missed; a Redis
 * key is trusted only after its row is confirmed in Postgres, so a stale key can never keep blocking a client an
 * admin released. A missed message (transport down) is made up for by the next reload.
 */
@Injectable()
export class IpBanService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IpBanService.name);
  private active = new Map<string, CachedBan>();
  /** Keys lifted locally or by another instance, with the local version at that moment. */
  private readonly recentlyLifted = new Map<string, number>();
  private version = 0;
  private readonly sync: PeriodicTask;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisConnections,
    private readonly pubsub: PubSub,
    private readonly counter: FailedAuthCounter,
    private readonly allowList: IpAllowList,
    private readonly events: AbuseEvents,
    private readonly clock: Clock,
    @Inject(abuseConfig.KEY) private readonly config: AbuseConfig,
    scheduler: SchedulerRegistry,
  ) {
    this.sync = new PeriodicTask(scheduler, {
      name: 'ban-sync',
      everyMs: BAN_SYNC_INTERVAL_MS,
      run: () => this.refresh(),
      logger: this.logger,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.pubsub.subscribe(BAN_CHANNEL, (message) => this.onMessage(message));
  }

  onApplicationBootstrap(): void {
    this.sync.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sync.stop();
  }

  /** The ban that applies to this client address (`req.ip`), or null. Allow-listed clients never have one. */
  async activeBan(ip: string | undefined): Promise<ActiveBan | null> {
    const key = this.banKeyOf(ip);
    if (key === null) return null;
    return this.localBan(key) ?? this.sharedBan(key, this.clock.now().getTime());
  }

  /**
   * The ban this instance already knows of for the client (no round trip), or null. The API routes read the
   * shared one (Redis) in the same round trip as their rate-limit counters (`ApiThrottlerGuard`).
   */
  localBanOf(ip: string | undefined): ActiveBan | null {
    const key = this.banKeyOf(ip);
    return key === null ? null : this.localBan(key);
  }

  /** The Redis key under which another instance's ban of this client would be (null: the client is never banned). */
  sharedBanKeyOf(ip: string | undefined): string | null {
    const key = this.banKeyOf(ip);
    return key === null ? null : banRedisKey(key);
  }

  /** A ban read from Redis (`sharedBanKeyOf`), trusted once its row is confirmed in Postgres. */
  async confirmSharedBan(ip: string | undefined, raw: string): Promise<ActiveBan | null> {
    const key = this.banKeyOf(ip);
    return key === null ? null : this.confirm(key, raw, this.clock.now().getTime());
  }

  private banKeyOf(ip: string | undefined): string | null {
    if (this.allowList.contains(ip)) return null;
    const key = ipKeyOf(ip);
    return key === UNKNOWN_CLIENT ? null : key;
  }

  private localBan(key: string): ActiveBan | null {
    const cached = this.active.get(key);
    if (!cached) return null;
    if (cached.expiresAtMs > this.clock.now().getTime()) return cached;
    this.active.delete(key);
    return null;
  }

  /**
   * Bans the client for the duration its ban history calls for, unless a ban is already in force (several
   * instances may try at once: a per-IP advisory lock makes exactly one of them insert). Returns the new
   * ban, or null when there already was one.
   */
  async ban(ipKey: string, failures: number): Promise<IpBan | null> {
    const now = this.clock.now();
    const lookbackStart = new Date(now.getTime() - this.config.IP_BAN_REPEAT_LOOKBACK_HOURS * 3_600_000);
    const ban = await this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ip_bans:${ipKey}`]);
      const repo = manager.getRepository(IpBan);
      if (await repo.exists({ where: { ip: ipKey, liftedAt: IsNull(), expiresAt: MoreThan(now) } })) return null;
      // Earlier bans within the look-back make this one longer; bans an admin lifted do not count.
      const level = await repo.count({ where: { ip: ipKey, liftedAt: IsNull(), bannedAt: MoreThan(lookbackStart) } });
      const durationSeconds = banDurationSeconds(
        level,
        this.config.IP_BAN_BASE_MINUTES,
        this.config.IP_BAN_MAX_MINUTES,
      );
      return repo.save(
        repo.create({
          ip: ipKey,
          level,
          durationSeconds,
          failures,
          bannedAt: now,
          expiresAt: new Date(now.getTime() + durationSeconds * 1000),
          liftedAt: null,
          liftedBy: null,
        }),
      );
    });
    if (!ban) return null;
    const active = activeBanOf(ban);
    this.remember(active);
    await this.counter.reset(ipKey);
    await this.share(active, now.getTime());
    this.events.record({
      type: 'ip_banned',
      ipKey,
      detail: {
        ban_id: active.id,
        level: ban.level,
        duration_seconds: ban.durationSeconds,
        failures,
        expires_at: ban.expiresAt.toISOString(),
      },
    });
    this.logger.warn(`Banned ${ipKey} for ${ban.durationSeconds} s after ${failures} wrong API credentials`);
    return ban;
  }

  /**
   * Lifts the active ban of an address (or IPv6 /64) early, on behalf of an admin; logged with the admin's id.
   * Throws `not_found` when there is none.
   */
  async lift(input: string, adminId: string): Promise<{ ip: string; lifted: IpBan[] }> {
    const ipKey = ipKeyFromInput(input);
    if (!ipKey) throw new AppException('invalid_request', 'Not an IP address or IPv6 /64', { field: 'ip' });
    const now = this.clock.now();
    const repo = this.db.getRepository(IpBan);
    const bans = await repo.find({ where: { ip: ipKey, liftedAt: IsNull(), expiresAt: MoreThan(now) } });
    if (bans.length === 0) throw new AppException('not_found', `No active ban for ${ipKey}`);
    await repo.update({ id: In(bans.map((ban) => ban.id)), liftedAt: IsNull() }, { liftedAt: now, liftedBy: adminId });
    this.forget(ipKey);
    await this.counter.reset(ipKey);
    if (this.redis.client && this.redis.ready) {
      await this.redis.client.del(banRedisKey(ipKey)).catch((error: unknown) => this.redis.warn('Redis DEL', error));
    }
    await this.pubsub.publish(BAN_CHANNEL, JSON.stringify({ op: 'unban', ip: ipKey } satisfies BanMessage));
    this.events.record({
      type: 'ip_unbanned',
      ipKey,
      memberId: adminId,
      detail: { admin_id: adminId, ban_ids: bans.map((ban) => String(ban.id)) },
    });
    const lifted = bans.map((ban) => Object.assign(ban, { liftedAt: now, liftedBy: adminId }));
    return { ip: ipKey, lifted };
  }

  /**
   * Reloads the active bans from Postgres. Changes made while the query ran (a ban or a lift, here or
   * announced by another instance) win over what the query saw.
   */
  async refresh(): Promise<void> {
    const startVersion = this.version;
    let rows: IpBan[];
    try {
      rows = await this.db.getRepository(IpBan).find({
        where: { liftedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) },
      });
    } catch (error) {
      this.logger.warn(`Could not reload the IP bans: ${(error as Error).message}`);
      return;
    }
    const next = new Map<string, CachedBan>();
    for (const row of rows) {
      if ((this.recentlyLifted.get(row.ip) ?? -1) > startVersion) continue;
      const ban = activeBanOf(row);
      const known = next.get(ban.ip);
      if (!known || known.expiresAtMs < ban.expiresAtMs) next.set(ban.ip, { ...ban, version: startVersion });
    }
    for (const [key, entry] of this.active) if (entry.version > startVersion) next.set(key, entry);
    this.active = next;
    for (const [key, version] of this.recentlyLifted) if (version <= startVersion) this.recentlyLifted.delete(key);
  }

  private remember(ban: ActiveBan): void {
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

  /** Writes the ban to Redis (key with TTL) when there is one, and announces it, so every instance applies it at once. */
  private async share(ban: ActiveBan, nowMs: number): Promise<void> {
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

  /** A ban another instance made, seen in Redis: trusted once its row is confirmed in Postgres. */
  private async sharedBan(ipKey: string, nowMs: number): Promise<ActiveBan | null> {
    if (!this.redis.client || !this.redis.ready) return null;
    let raw: string | null;
    try {
      raw = await this.redis.client.get(banRedisKey(ipKey));
    } catch (error) {
      this.redis.warn('Redis GET of a ban', error);
      return null;
    }
    return raw ? this.confirm(ipKey, raw, nowMs) : null;
  }

  private async confirm(ipKey: string, raw: string, nowMs: number): Promise<ActiveBan | null> {
    if (!this.redis.client) return null;
    const shared = parseActiveBan(raw);
    if (!shared || shared.ip !== ipKey || shared.expiresAtMs <= nowMs) return null;
    let row: IpBan | null;
    try {
      row = await this.db.getRepository(IpBan).findOne({
        where: { id: shared.id, ip: ipKey, liftedAt: IsNull(), expiresAt: MoreThan(new Date(nowMs)) },
      });
    } catch {
      // Postgres is unreachable: the Redis copy is the best knowledge there is.
      return shared;
    }
    if (!row) {
      await this.redis.client.del(banRedisKey(ipKey)).catch(() => undefined);
      return null;
    }
    const ban = activeBanOf(row);
    this.remember(ban);
    return ban;
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
