import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { ipKeyFromInput } from '../ip-key';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { AbuseEventType } from '../abuse.constants';
import { IpBan } from '../bans/ip-ban.entity';

import { AbuseEvent } from '../events/abuse-event.entity';
import { AbuseEvents } from '../events/abuse-events.service';
import type { AbuseEventDto, IpBanDto } from './abuse-admin.dto';

export const DEFAULT_PAGE_SIZE = 50;
/** The abuse types that are failed authentications (wrong API credentials, failed logins). */
const FAILED_AUTH_TYPES: AbuseEventType[] = ['auth_failed', 'login_failed'];

/** One point of a time series: the hour or the day it starts (UTC) and a count. */
export interface CountAt {
  at: Date;
  n: number;
}

/** A client (abuse key) with its failed authentications over a window. */
export interface FailingIp {
  ip: string;
  failures: number;
  lastAt: Date;
}

function counts(rows: Array<{ at: Date | string; n: string | number }>): CountAt[] {
  return rows.map((row) => ({ at: new Date(row.at), n: Number(row.n) }));
}

export interface AbuseEventFilter {
  ip?: string;
  memberId?: string;
  type?: AbuseEventType;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit?: number;
}

export interface IpBanFilter {
  ip?: string;
  status?: 'active' | 'all';
  cursor?: string;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function eventView(event: AbuseEvent): AbuseEventDto {
  return {
    id: String(event.id),
    type: event.type,
    ip: event.ip,
    member_id: event.memberId,
    key_preview: event.keyPreview,
    detail: event.detail ?? {},
    created_at: iso(event.createdAt)!,
  };
}

export function banView(ban: IpBan, now: Date): IpBanDto {
  const expiresAt = new Date(ban.expiresAt);
  return {
    id: String(ban.id),
    ip: ban.ip,
    level: ban.level,
    duration_seconds: ban.durationSeconds,
    failures: ban.failures,
    banned_at: iso(ban.bannedAt)!,
    expires_at: expiresAt.toISOString(),
    lifted_at: iso(ban.liftedAt),
    lifted_by: ban.liftedBy,
    active: ban.liftedAt === null && expiresAt > now,
  };
}

function ipKeyFilter(input: string | undefined): string | undefined {
  if (input === undefined) return undefined;
  const key = ipKeyFromInput(input);
  if (!key) throw new AppException('invalid_request', 'ip must be an IP address or an IPv6 /64', { field: 'ip' });
  return key;
}

/** Newest first, `limit` rows, and the cursor of the next (older) page: ids only go up. */
async function page<T extends { id: string }>(
  query: SelectQueryBuilder<T>,
  alias: string,
  cursor: string | undefined,
  limit = DEFAULT_PAGE_SIZE,
): Promise<Page<T>> {
  if (cursor) query.andWhere(`${alias}.id < :cursor`, { cursor });
  const rows = await query
    .orderBy(`${alias}.id`, 'DESC')
    .limit(limit + 1)
    .getMany();
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null };
}

/** What admins read: the abuse events and the bans, filtered and paged by cursor, and their counts over time. */
@Injectable()
export class AbuseQueries {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: AbuseEvents,
    private readonly clock: Clock,
  ) {}

  async listEvents(filter: AbuseEventFilter): Promise<Page<AbuseEvent>> {
    const ip = ipKeyFilter(filter.ip);
    // This instance's buffered events first, so an admin sees what just happened here.
    await this.events.flush();
    const query = this.db.getRepository(AbuseEvent).createQueryBuilder('event');
    if (ip) query.andWhere('event.ip = :ip', { ip });
    if (filter.memberId) query.andWhere('event.member_id = :memberId', { memberId: filter.memberId });
    if (filter.type) query.andWhere('event.type = :type', { type: filter.type });
    if (filter.from) query.andWhere('event.created_at >= :from', { from: filter.from });
    if (filter.to) query.andWhere('event.created_at < :to', { to: filter.to });
    return page(query, 'event', filter.cursor, filter.limit);
  }

  async listBans(filter: IpBanFilter): Promise<Page<IpBan>> {
    const ip = ipKeyFilter(filter.ip);
    const query = this.db.getRepository(IpBan).createQueryBuilder('ban');
    if (ip) query.andWhere('ban.ip = :ip', { ip });
    if ((filter.status ?? 'active') === 'active') {
      query.andWhere('ban.lifted_at IS NULL AND ban.expires_at > :now', { now: this.clock.now() });
    }
    return page(query, 'ban', filter.cursor, filter.limit);
  }

  /** Failed authentications (API credentials and logins) per UTC hour since `since` (empty hours have no row). */
  async failedAuthPerHour(since: Date): Promise<CountAt[]> {
    return counts(
      await this.db.query(
        `SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, count(*)::int AS n
           FROM abuse_events WHERE type = ANY($1) AND created_at >= $2 GROUP BY 1`,
        [FAILED_AUTH_TYPES, since],
      ),
    );
  }

  /** Bans per UTC day since `since` (empty days have no row). */
  async bansPerDay(since: Date): Promise<CountAt[]> {
    return counts(
      await this.db.query(
        `SELECT date_trunc('day', banned_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, count(*)::int AS n
           FROM ip_bans WHERE banned_at >= $1 GROUP BY 1`,
        [since],
      ),
    );
  }

  /** The clients with the most failed authentications since `since`, most (then latest) first. */
  async topFailingIps(since: Date, limit: number): Promise<FailingIp[]> {
    const rows: Array<{ ip: string; failures: number; last_at: Date }> = await this.db.query(
      `SELECT ip, count(*)::int AS failures, max(created_at) AS last_at FROM abuse_events
        WHERE type = ANY($1) AND created_at >= $2 AND ip IS NOT NULL
        GROUP BY ip ORDER BY failures DESC, last_at DESC LIMIT $3`,
      [FAILED_AUTH_TYPES, since, limit],
    );
    return rows.map((row) => ({ ip: row.ip, failures: Number(row.failures), lastAt: new Date(row.last_at) }));
  }
}
