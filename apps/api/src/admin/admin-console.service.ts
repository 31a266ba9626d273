import { Injectable } from '@nestjs/common';
import { AbuseQueries, eventView } from '@app/abuse';
import { PlatformTotalsQuery } from '@app/analytics';
import { AppException, Clock } from '@app/common';
import { Credential, CredentialsService } from '@app/credentials';
import { MembersService } from '@app/members';
import { ShortLinkService } from '@app/shortlinks';
import { UsageReport } from '@app/usage';
import { adminMemberJson } from '../presenters/member.presenters';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The overview's window: the last 7 days. */
export const OVERVIEW_DAYS = 7;
/** How many clients and members the overview's top lists hold. */
const TOP = 10;

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
    private readonly members: MembersService,
    private readonly credentials: CredentialsService,
    private readonly usage: UsageReport,
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
      this.usage.perHour(since),
      this.abuse.failedAuthPerHour(since),
      this.abuse.bansPerDay(new Date(fromDay)),
      this.abuse.topFailingIps(since, TOP),
      this.topMembers(new Date(fromDay).toISOString().slice(0, 10)),
      this.platformTotals.totals(new Date(fromDay)),
    ]);
    return {
      ok: true as const,
      days: OVERVIEW_DAYS,
      platform,
      calls_per_hour: series(
        hours.map((row) => ({ at: row.hour, n: row.calls })),
        fromHour,
        hourOf(now),
        HOUR_MS,
      ),
      links_per_hour: series(
        hours.map((row) => ({ at: row.hour, n: row.links })),
        fromHour,
        hourOf(now),
        HOUR_MS,
      ),
      failed_auth_per_hour: series(failures, fromHour, hourOf(now), HOUR_MS),
      bans_per_day: series(bans, fromDay, dayOf(now), DAY_MS),
      top_ips: topIps.map((row) => ({ ip: row.ip, failures: row.failures, last_at: row.lastAt })),
      top_members: topMembers,
    };
  }

  /** The members with the most calls since `fromDay`: most first, then by email; the usage lib counts, members name. */
  private async topMembers(fromDay: string) {
    const totals = await this.usage.topMembers(fromDay, TOP);
    const members = new Map((await this.members.findByIds(totals.map((row) => row.memberId))).map((m) => [m.id, m]));
    return totals
      .flatMap(({ memberId, calls }) => {
        const member = members.get(memberId);
        return member ? [{ id: member.id, email: member.email, plan: member.plan, calls }] : [];
      })
      .sort((a, b) => b.calls - a.calls || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
      .slice(0, TOP);
  }

  async member(memberId: string) {
    const member = await this.members.findById(memberId);
    if (!member) throw new AppException('not_found', 'No such member');
    const now = this.clock.now();
    const fromDay = dayOf(now.getTime()) - 29 * DAY_MS;
    const [usage, credentials, links, clicks, events] = await Promise.all([
      this.usage.callsPerDay(memberId, new Date(fromDay).toISOString().slice(0, 10)),
      this.credentials.latestOf(memberId, 20),
      this.shortLinks.list(memberId, 1, 20),
      this.shortLinks.clicksPerDay(memberId, 30),
      this.abuse.listEvents({ memberId, limit: 20 }),
    ]);
    return {
      ok: true as const,
      member: adminMemberJson(member),
      usage_per_day: series(usage, fromDay, dayOf(now.getTime()), DAY_MS),
      credentials: credentials.map((credential) => credentialState(credential, now)),
      short_links: { total: links.total, links: links.links },
      clicks_per_day: clicks,
      events: events.items.map(eventView),
    };
  }

  /** Emails of the given member ids (for the abuse log's rows), one query. */
  async emailsOf(ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    const wanted = ids.filter((id): id is string => typeof id === 'string');
    const members = await this.members.findByIds(wanted);
    return new Map(members.map((member) => [member.id, member.email]));
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
