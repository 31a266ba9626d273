import { Body, Controller, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { Audited } from '@app/audit';
import { ABUSE_EVENT_TYPES, AbuseEventsQueryDto, AbuseQueries, banView, eventView, IpBanService } from '@app/abuse';
import { AdminOnly, CurrentMember } from '@app/auth';
import { AppException, Clock } from '@app/common';
import type { Member } from '@app/members';
import { eventFilter } from '../abuse/admin-abuse.controller';
import { adminPage } from '../pages/frames';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { validated } from '../validation';
import { AbusePage } from '../views/admin/abuse';
import { BansPage } from '../views/admin/bans';
import { MemberPage } from '../views/admin/member';
import { MembersPage } from '../views/admin/members';
import { OverviewPage } from '../views/admin/overview';
import type { StatusMessage } from '../views/components';
import { AdminConsoleService } from './admin-console.service';
import { AdminMemberPatchDto, AdminMembersQueryDto } from './admin.dto';
import { AdminService } from './admin.service';
import { BanLiftFormDto, MemberChangeFormDto, BansPageQueryDto } from './admin-pages.dto';

const MEMBERS_PER_PAGE = 20;
const DAY_MS = 86_400_000;

const memberIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new AppException('not_found', 'No such member'),
});

/** A date picker's `YYYY-MM-DD` as the filter's ISO time (the `to` day included), or undefined. */
function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  if (!day) return undefined;
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + plusDays * DAY_MS).toISOString();
}

/**
 * The admin console's pages (`/console/...`), rendered from the services behind the `/admin` JSON routes. The
 * changes (role, plan, disable, lift) are confirmed in a dialog, posted with htmx, and answered with the page.
 */
@PagesController()
@Audited()
@Controller('console')
@AdminOnly()
export class AdminPagesController {
  constructor(
    private readonly console: AdminConsoleService,
    private readonly admin: AdminService,
    private readonly queries: AbuseQueries,
    private readonly bans: IpBanService,
    private readonly clock: Clock,
  ) {}

  @HtmlGet()
  async overview(@Viewer() viewer: Viewer) {
    const data = await this.console.overview();
    return adminPage(viewer, 'overview', <OverviewPage data={data} />, { charts: true });
  }

  @HtmlGet('members')
  async members(@Viewer() viewer: Viewer, @Query() query: AdminMembersQueryDto) {
    const page = query.page ?? 1;
    const email = query.email ?? '';
    const list = await this.admin.list(email || undefined, page, MEMBERS_PER_PAGE);
    return adminPage(
      viewer,
      'members',
      <MembersPage members={list.members} email={email} page={page} total={list.total} perPage={MEMBERS_PER_PAGE} />,
    );
  }

  private async memberPage(viewer: Viewer, memberId: string, status?: StatusMessage) {
    const data = await this.console.member(memberId);
    return adminPage(viewer, 'members', <MemberPage data={data} status={status} />, {
      title: data.member.email,
      charts: true,
    });
  }

  @HtmlGet('members/:id')
  async member(@Viewer() viewer: Viewer, @Param('id', memberIdPipe) memberId: string) {
    return this.memberPage(viewer, memberId);
  }

  /** One confirmed change (role, plan or disabled), through the same use-case as `PATCH /admin/members/:id`. */
  @HtmlPost('members/:id')
  async change(
    @Viewer() viewer: Viewer,
    @CurrentMember() admin: Member,
    @Param('id', memberIdPipe) memberId: string,
    @Body() form: MemberChangeFormDto,
  ) {
    const body = await validated(AdminMemberPatchDto, {
      ...(form.role !== undefined ? { role: form.role } : {}),
      ...(form.plan !== undefined ? { plan: form.plan } : {}),
      ...(form.disabled !== undefined ? { disabled: form.disabled === 'true' } : {}),
    });
    const { member } = await this.admin.change(admin, memberId, {
      role: body.role ?? undefined,
      plan: body.plan ?? undefined,
      disabled: body.disabled ?? undefined,
    });
    const said = form.role
      ? `${member.email} is now ${member.role === 'admin' ? 'an admin' : 'a member'}.`
      : form.plan
        ? `${member.email} is now on the ${member.plan} plan.`
        : `${member.email} is ${member.disabled ? 'disabled' : 'enabled'}.`;
    return this.memberPage(viewer, memberId, { kind: 'ok', text: said });
  }

  @HtmlGet('abuse')
  async abuse(@Viewer() viewer: Viewer, @Query() query: AbuseEventsQueryDto) {
    const filter = { ...query, from: dayStart(query.from), to: dayStart(query.to, 1) };
    const [events, active] = await Promise.all([
      this.queries.listEvents(eventFilter(filter)),
      this.queries.listBans({ status: 'active', limit: 200 }),
    ]);
    const emails = await this.console.emailsOf(events.items.map((event) => event.memberId));
    return adminPage(
      viewer,
      'abuse',
      <AbusePage
        filter={{
          ip: query.ip,
          member_id: query.member_id,
          type: query.type,
          from: query.from?.slice(0, 10),
          to: query.to?.slice(0, 10),
        }}
        types={ABUSE_EVENT_TYPES}
        events={events.items.map(eventView)}
        emails={emails}
        nextCursor={events.nextCursor}
        activeBans={active.items.length}
      />,
    );
  }

  private async bansPage(viewer: Viewer, query: BansPageQueryDto, status?: StatusMessage) {
    const [active, history] = await Promise.all([
      this.queries.listBans({ status: 'active', limit: 200 }),
      this.queries.listBans({ status: 'all', ip: query.ip || undefined, cursor: query.cursor, limit: 50 }),
    ]);
    const now = this.clock.now();
    return adminPage(
      viewer,
      'bans',
      <BansPage
        active={active.items.map((ban) => banView(ban, now))}
        history={history.items.map((ban) => banView(ban, now))}
        ip={query.ip ?? ''}
        nextCursor={history.nextCursor}
        status={status}
      />,
    );
  }

  @HtmlGet('bans')
  async bansList(@Viewer() viewer: Viewer, @Query() query: BansPageQueryDto) {
    return this.bansPage(viewer, query);
  }

  @HtmlPost('bans/lift')
  async lift(@Viewer() viewer: Viewer, @CurrentMember() admin: Member, @Body() form: BanLiftFormDto) {
    const result = await this.bans.lift(form.ip, admin.id);
    return this.bansPage(viewer, {}, { kind: 'ok', text: `Lifted the ban of ${result.ip}.` });
  }
}
