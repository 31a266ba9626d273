import { Injectable, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock, PeriodicUntilModuleDestroy } from '@app/common';
import { ipKeyFromInput } from '../ip-key';
import { DataSource, In, IsNull, MoreThan } from 'typeorm';
import { BAN_SYNC_INTERVAL_MS } from '../abuse.constants';
import { AbuseEvents } from '../events/abuse-events.service';
import { BanPolicy } from './ban-policy';
import { type ActiveBan, BanSync, banRedisKey, parseActiveBan } from './ban-sync';
import { FailedAuthCounter } from './failed-auth-counter';
import { IpBan } from './ip-ban.entity';

export type { ActiveBan } from './ban-sync';

function activeBanOf(row: Pick<IpBan, 'id' | 'ip' | 'level' | 'expiresAt'>): ActiveBan {
  return { id: String(row.id), ip: row.ip, level: row.level, expiresAtMs: new Date(row.expiresAt).getTime() };
}

/**
 * Failed-auth IP bans. Postgres (`ip_bans`) is the truth: bans and their history persist there, so a ban holds
 * after a restart. Who is banned and for how long is `BanPolicy`'s; this instance's copy of the bans in force and
 * its sync with the other instances (in-process cache, the `bans` channel, the Redis key read on a local miss)
 * are `BanSync`'s, reloaded from Postgres at start and every 30 s (`ban-sync`), which makes up for a missed
 * message. A Redis key is trusted only after its row is confirmed in Postgres, so a stale key can never keep
 * blocking a client an admin released.
 */
@Injectable()
export class IpBanService extends PeriodicUntilModuleDestroy implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly policy: BanPolicy,
    private readonly sync: BanSync,
    private readonly counter: FailedAuthCounter,
    private readonly events: AbuseEvents,
    private readonly clock: Clock,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'ban-sync', BAN_SYNC_INTERVAL_MS);
  }

  protected runPeriodically(): Promise<void> {
    return this.refresh();
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    this.sync.listen();
  }

  /** The ban that applies to this client address (`req.ip`), or null. Allow-listed clients never have one. */
  async activeBan(ip: string | undefined): Promise<ActiveBan | null> {
    const key = this.policy.banKeyOf(ip);
    if (key === null) return null;
    return this.sync.local(key) ?? this.sharedBan(key, this.clock.now().getTime());
  }

  /**
   * The ban this instance already knows of for the client (no round trip), or null. The API routes read the
   * shared one (Redis) in the same round trip as their rate-limit counters (`ApiThrottlerGuard`).
   */
  localBanOf(ip: string | undefined): ActiveBan | null {
    const key = this.policy.banKeyOf(ip);
    return key === null ? null : this.sync.local(key);
  }

  /** The Redis key under which another instance's ban of this client would be (null: the client is never banned). */
  sharedBanKeyOf(ip: string | undefined): string | null {
    const key = this.policy.banKeyOf(ip);
    return key === null ? null : banRedisKey(key);
  }

  /** A ban read from Redis (`sharedBanKeyOf`), trusted once its row is confirmed in Postgres. */
  async confirmSharedBan(ip: string | undefined, raw: string): Promise<ActiveBan | null> {
    const key = this.policy.banKeyOf(ip);
    return key === null ? null : this.confirm(key, raw, this.clock.now().getTime());
  }

  /**
   * Bans the client for the duration its ban history calls for, unless a ban is already in force (several
   * instances may try at once: a per-IP advisory lock makes exactly one of them insert). Returns the new
   * ban, or null when there already was one.
   */
  async ban(ipKey: string, failures: number): Promise<IpBan | null> {
    const now = this.clock.now();
    const lookbackStart = this.policy.lookbackStart(now);
    const ban = await this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ip_bans:${ipKey}`]);
      const repo = manager.getRepository(IpBan);
      if (await repo.exists({ where: { ip: ipKey, liftedAt: IsNull(), expiresAt: MoreThan(now) } })) return null;
      const level = await repo.count({ where: { ip: ipKey, liftedAt: IsNull(), bannedAt: MoreThan(lookbackStart) } });
      const durationSeconds = this.policy.durationSeconds(level);
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
    this.sync.remember(active);
    await this.counter.reset(ipKey);
    await this.sync.share(active, now.getTime());
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
    await this.counter.reset(ipKey);
    await this.sync.unshare(ipKey);
    this.events.record({
      type: 'ip_unbanned',
      ipKey,
      memberId: adminId,
      detail: { admin_id: adminId, ban_ids: bans.map((ban) => String(ban.id)) },
    });
    const lifted = bans.map((ban) => Object.assign(ban, { liftedAt: now, liftedBy: adminId }));
    return { ip: ipKey, lifted };
  }

  /** Reloads the active bans from Postgres into this instance's copy (`BanSync.replaceAll`). */
  async refresh(): Promise<void> {
    const startVersion = this.sync.currentVersion;
    let rows: IpBan[];
    try {
      rows = await this.db.getRepository(IpBan).find({
        where: { liftedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) },
      });
    } catch (error) {
      this.logger.warn(`Could not reload the IP bans: ${(error as Error).message}`);
      return;
    }
    this.sync.replaceAll(rows.map(activeBanOf), startVersion);
  }

  /** A ban another instance made, seen in Redis: trusted once its row is confirmed in Postgres. */
  private async sharedBan(ipKey: string, nowMs: number): Promise<ActiveBan | null> {
    const raw = await this.sync.sharedRaw(ipKey);
    return raw ? this.confirm(ipKey, raw, nowMs) : null;
  }

  private async confirm(ipKey: string, raw: string, nowMs: number): Promise<ActiveBan | null> {
    if (!this.sync.sharing) return null;
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
      await this.sync.dropShared(ipKey);
      return null;
    }
    const ban = activeBanOf(row);
    this.sync.remember(ban);
    return ban;
  }
}
