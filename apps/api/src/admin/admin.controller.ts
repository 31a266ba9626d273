import { Body, Get, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { AppException } from '@app/common';
import { CurrentMember } from '@app/auth';
import type { Member } from '@app/members';
import {
  AdminMemberChangedDto,
  AdminMemberDetailDto,
  AdminMemberPatchDto,
  AdminMembersPageDto,
  AdminMembersQueryDto,
} from './admin.dto';
import { AdminConsoleService } from './admin-console.service';
import { AdminService } from './admin.service';
import { AdminController, SessionRead, SessionWrite } from '../session-routes.decorator';

const memberIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new AppException('invalid_request', 'The member id must be a UUID', { field: 'id' }),
});

@AdminController('admin/members')
export class AdminMembersController {
  constructor(
    private readonly admin: AdminService,
    private readonly console: AdminConsoleService,
  ) {}

  @Get()
  @SessionRead({
    operationId: 'listMembers',
    summary: 'Members, newest first',
    description: 'Paged; `email` filters by part of the address.',
    ok: { type: AdminMembersPageDto },
    errors: { 400: 'invalid_request' },
  })
  list(@Query() query: AdminMembersQueryDto) {
    return this.admin.list(query.email, query.page ?? 1, query.per_page ?? 20);
  }

  @Get(':id')
  @SessionRead({
    operationId: 'getMember',
    summary: 'One member: usage, keys, short links, abuse events',
    description:
      'Usage per day (30 days), key previews with their state (`active`, `grace` until, `expired`, `revoked`), ' +
      'the 20 newest short links with their clicks, clicks per day, and the 20 newest abuse events of the member.',
    ok: { type: AdminMemberDetailDto },
    errors: { 400: 'invalid_request (the id is not a UUID)', 404: 'not_found' },
  })
  detail(@Param('id', memberIdPipe) memberId: string) {
    return this.console.member(memberId);
  }

  @Patch(':id')
  @SessionWrite({
    operationId: 'changeMember',
    summary: 'Change a member: plan, role, disabled',
    description:
      "`disabled: true` sets `disabled_at`: the member's API credentials stop working at once and every session " +
      'of theirs ends. Admins cannot demote or disable themselves.',
    ok: { type: AdminMemberChangedDto },
    errors: {
      400: 'invalid_request',
      404: 'not_found',
      409: 'conflict (changing your own role or disabled state)',
    },
  })
  change(
    @CurrentMember() admin: Member,
    @Param('id', memberIdPipe) memberId: string,
    @Body() body: AdminMemberPatchDto,
  ) {
    return this.admin.change(admin, memberId, {
      plan: body.plan ?? undefined,
      role: body.role ?? undefined,
      disabled: body.disabled ?? undefined,
    });
  }
}
