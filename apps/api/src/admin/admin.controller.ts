import { Body, Controller, Get, Header, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AppException, ErrorResponseDto } from '@app/common';
import { AdminOnly, CurrentMember } from '@app/auth';
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

const memberIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new AppException('invalid_request', 'The member id must be a UUID', { field: 'id' }),
});

@ApiTags('admin')
@ApiCookieAuth('session')
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'forbidden (not an admin) or csrf_failed' })
@Controller('admin/members')
@AdminOnly()
export class AdminMembersController {
  constructor(
    private readonly admin: AdminService,
    private readonly console: AdminConsoleService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listMembers',
    summary: 'Members, newest first',
    description: 'Paged; `email` filters by part of the address.',
  })
  @ApiOkResponse({ type: AdminMembersPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request' })
  list(@Query() query: AdminMembersQueryDto) {
    return this.admin.list(query.email, query.page ?? 1, query.per_page ?? 20);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getMember',
    summary: 'One member: usage, keys, short links, abuse events',
    description:
      'Usage per day (30 days), key previews with their state (`active`, `grace` until, `expired`, `revoked`), ' +
      'the 20 newest short links with their clicks, clicks per day, and the 20 newest abuse events of the member.',
  })
  @ApiOkResponse({ type: AdminMemberDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (the id is not a UUID)' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found' })
  detail(@Param('id', memberIdPipe) memberId: string) {
    return this.console.member(memberId);
  }

  @Patch(':id')
  @Header('Cache-Control', 'no-store')
  @ApiHeader({ name: 'X-CSRF-Token', required: true, description: 'The session CSRF token' })
  @ApiOperation({
    operationId: 'changeMember',
    summary: 'Change a member: plan, role, disabled',
    description:
      "`disabled: true` sets `disabled_at`: the member's API credentials stop working at once and every session " +
      'of theirs ends. Admins cannot demote or disable themselves.',
  })
  @ApiOkResponse({ type: AdminMemberChangedDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'conflict (changing your own role or disabled state)' })
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
