import { Delete, Get, Param, Query } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import {
  AbuseBansQueryDto,
  AbuseEventsPageDto,
  AbuseEventsQueryDto,
  AbuseQueries,
  banView,
  eventView,
  IpBanService,
  IpBansPageDto,
  LiftBanResponseDto,
} from '@app/abuse';
import { CurrentMember } from '@app/auth';
import { Clock } from '@app/common';
import type { Member } from '@app/members';
import { AdminController, SessionRead, SessionWrite } from '../session-routes.decorator';

/** The events filter of the JSON route and of the abuse log page. */
export function eventFilter(query: AbuseEventsQueryDto) {
  return {
    ip: query.ip,
    memberId: query.member_id,
    type: query.type,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    cursor: query.cursor,
    limit: query.limit,
  };
}

@AdminController('admin/abuse')
export class AdminAbuseController {
  constructor(
    private readonly queries: AbuseQueries,
    private readonly bans: IpBanService,
    private readonly clock: Clock,
  ) {}

  @Get('events')
  @SessionRead({
    operationId: 'listAbuseEvents',
    summary: 'The abuse log, newest first',
    description:
      'Failed API authentications (with a key preview, never the key), bans, unbans, rate-limit refusals, ' +
      'credential regenerations and failed logins. Filter by `ip` (an IPv6 address matches its /64), ' +
      '`member_id`, `type` and a `from`/`to` time range; page with `cursor` = the previous `next_cursor`.',
    ok: { type: AbuseEventsPageDto },
    errors: { 400: 'invalid_request (a filter)' },
  })
  async events(@Query() query: AbuseEventsQueryDto): Promise<AbuseEventsPageDto> {
    const page = await this.queries.listEvents(eventFilter(query));
    return { ok: true, events: page.items.map(eventView), next_cursor: page.nextCursor };
  }

  @Get('bans')
  @SessionRead({
    operationId: 'listBans',
    summary: 'IP bans, newest first',
    description: 'Active bans by default; `status=all` includes ended and lifted ones. Paged like the events.',
    ok: { type: IpBansPageDto },
    errors: { 400: 'invalid_request (a filter)' },
  })
  async listBans(@Query() query: AbuseBansQueryDto): Promise<IpBansPageDto> {
    const page = await this.queries.listBans({
      ip: query.ip,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit,
    });
    const now = this.clock.now();
    return { ok: true, bans: page.items.map((ban) => banView(ban, now)), next_cursor: page.nextCursor };
  }

  @Delete('bans/:ip')
  @ApiParam({
    name: 'ip',
    description: 'The banned address, or an IPv6 /64 with its slash encoded (`2001:db8:1:2::%2F64`)',
  })
  @SessionWrite({
    operationId: 'liftBan',
    summary: 'Lift a ban now',
    description: 'Every instance lets the address in again at once; logged as `ip_unbanned` with your member id.',
    ok: { type: LiftBanResponseDto },
    errors: { 400: 'invalid_request (not an address)', 404: 'not_found (no active ban)' },
  })
  async lift(@CurrentMember() admin: Member, @Param('ip') ip: string): Promise<LiftBanResponseDto> {
    const result = await this.bans.lift(ip, admin.id);
    const now = this.clock.now();
    return { ok: true, ip: result.ip, lifted: result.lifted.map((ban) => banView(ban, now)) };
  }
}
