import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AbuseQueries, eventView, type AbuseEventDto } from '@app/abuse';
import { PlatformTotalsQuery } from '@app/analytics';
import { AppException, Clock } from '@app/common';
import { Credential } from '@app/credentials';
import { MembersService } from '@app/members';
import { ShortLinkService } from '@app/shortlinks';
import type { DataSource } from 'typeorm';
import { adminMemberView } from '../account/account.views';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The overview's window: the last 7 days. */
export const OVERVIEW_DAYS = 7;
/** The abuse types that are failed authentications (wrong API credentials, failed logins). */
const FAILED_AUTH_TYPES = ['auth_failed', 'login_failed'];

export interface Point {
  /** The hour or the day (ISO, UTC). */
  at: string;
  value: number;
}

function hourOf(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** `rows` (at, n) zero-filled into one point per step from `from` to `to` included. */
function series(
  rows: Array<{ at: Date | string; n: string | number }>,
  from: number,
  to: number,
  step: number,
): Point[] {
  const counts = new Map(rows.map((row) => [new Date(row.at).getTime(), Number(row.n)]));
  const points: Point[] = [];
  for (let at = from; at <= to; at += step) points.push({ at: new Date(at).toISOString(), value: counts.get(at) ?? 0 });
  return points;
}

interface HourRow {
  hour: Date;
  calls: string;
  links: string;
}

export interface CredentialView {
  key_preview: string;
  created_at: Date;
  /** `active`, `grace` (works until `until`), `expired` or `revoked`. */
  state: 'active' | 'grace' | 'expired' | 'revoked';
  until: Date | null;
}

/** What the admin console's pages show: the overview's charts and lists, and one member's page. */
@Injectable()
export class AdminConsoleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly members: MembersService,
    private readonly shortLinks: ShortLinkService,
    private readonly abuse: AbuseQueries,
    private readonly clock: Clock,
    private readonly platformTotals: PlatformTotalsQuery,
  ) {}

  async overview() {
    const now = this.clock.now().getTime();
    const fromHour = hourOf(now) - (OVERVIEW_DAYS * 24 - 1) * HOUR_MS;
    const fromDay = dayOf(now) - (OVERVIEW_DAYS - 1) * DAY_MS;
    const since = new Date(fromHour);
    const [hours, failures, bans, topIps, topMembers, platform] = await Promise.all([
      this.db.query(`SELECT hour, calls, links FROM usage_hours WHERE hour >= $1`, [since]),
      this.db.query(
        `SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, count(*)::int AS n
           FROM abuse_events WHERE type = ANY($1) AND created_at >= $2 GROUP BY 1`,
        [FAILED_AUTH_TYPES, since],
      ),
      this.db.query(
        `SELECT date_trunc('day', banned_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, count(*)::int AS n
           FROM ip_bans WHERE banned_at >= $1 GROUP BY 1`,
        [new Date(fromDay)],
      ),
      this.db.query(
        `SELECT ip, count(*)::int AS failures, max(created_at) AS last_at FROM abuse_events
          WHERE type = ANY($1) AND created_at >= $2 AND ip IS NOT NULL
          GROUP BY ip ORDER BY failures DESC, last_at DESC LIMIT 10`,
        [FAILED_AUTH_TYPES, since],
      ),
      this.db.query(
        `SELECT m.id, m.email, m.plan, SUM(u.calls)::bigint AS calls FROM member_usage u
           JOIN members m ON m.id = u.member_id
          WHERE u.day >= $1::date GROUP BY m.id, m.email, m.plan ORDER BY calls DESC, m.email LIMIT 10`,
        [new Date(fromDay).toISOString().slice(0, 10)],
      ),
      this.platformTotals.totals(new Date(fromDay)),
    ]);
    return {
      ok: true as const,
      days: OVERVIEW_DAYS,
      platform,
      calls_per_hour: series(
        (hours as HourRow[]).map((row) => ({ at: row.hour, n: row.calls })),
        fromHour,
        hourOf(now),
        HOUR_MS,
      ),
      links_per_hour: series(
        (hours as HourRow[]).map((row) => ({ at: row.hour, n: row.links })),
        fromHour,
        hourOf(now),
        HOUR_MS,
      ),
      failed_auth_per_hour: series(failures, fromHour, hourOf(now), HOUR_MS),
      bans_per_day: series(bans, fromDay, dayOf(now), DAY_MS),
      top_ips: (topIps as Array<{ ip: string; failures: number; last_at: Date }>).map((row) => ({
        ip: row.ip,
        failures: Number(row.failures),
        last_at: new Date(row.last_at),
      })),
      top_members: (topMembers as Array<{ id: string; email: string; plan: string; calls: string }>).map((row) => ({
        id: row.id,
        email: row.email,
        plan: row.plan,
        calls: Number(row.calls),
      })),
    };
  }

  async member(memberId: string) {
    const member = await this.members.findById(memberId);
    if (!member) throw new AppException('not_found', 'No such member');
    const now = this.clock.now();
    const fromDay = dayOf(now.getTime()) - 29 * DAY_MS;
    const [usage, credentials, links, clicks, events] = await Promise.all([
      this.db.query(
        `SELECT day::timestamp AT TIME ZONE 'UTC' AS at, calls AS n FROM member_usage WHERE member_id = $1 AND day >= $2::date`,
        [memberId, new Date(fromDay).toISOString().slice(0, 10)],
      ),
      this.db.getRepository(Credential).find({ where: { memberId }, order: { createdAt: 'DESC' }, take: 20 }),
      this.shortLinks.list(memberId, 1, 20),
      this.shortLinks.clicksPerDay(memberId, 30),
      this.abuse.listEvents({ memberId, limit: 20 }),
    ]);
    return {
      ok: true as const,
      member: adminMemberView(member),
      usage_per_day: series(usage, fromDay, dayOf(now.getTime()), DAY_MS),
      credentials: credentials.map((credential) => credentialState(credential, now)),
      short_links: { total: links.total, links: links.links },
      clicks_per_day: clicks,
      events: events.items.map(eventView),
    };
  }

  /** Emails of the given member ids (for the abuse log's rows), one query. */
  async emailsOf(ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; email: string }> = await this.db.query(
      'SELECT id, email FROM members WHERE id = ANY($1::uuid[])',
      [wanted],
    );
    return new Map(rows.map((row) => [row.id, row.email]));
  }
}

export function credentialState(credential: Credential, now: Date): CredentialView {
  const base = { key_preview: credential.keyPreview, created_at: credential.createdAt };
  if (credential.revokedAt) return { ...base, state: 'revoked', until: credential.revokedAt };
  if (credential.expiresAt) {
    return { ...base, state: credential.expiresAt > now ? 'grace' : 'expired', until: credential.expiresAt };
  }
  return { ...base, state: 'active', until: null };
}

export type AbuseEventWithEmail = AbuseEventDto & { member_email: string | null };
