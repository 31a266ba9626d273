import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditLog } from '@app/audit';
import { ErrorResponseDto } from '@app/common';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { AuditPageDto, AuditQueryDto } from './audit.dto';

/** The member's audit log for a partner's server (key + token, scope `audit:read`). */
@ApiTags('audit')
@Controller('api/audit')
export class AuditController {
  constructor(private readonly log: AuditLog) {}

  @Get()
  @KeyAndTokenRoute({ ok: { type: AuditPageDto } })
  @RequiresScope('audit:read')
  @ApiOperation({
    operationId: 'listAuditEntries',
    summary: "Your account's audit log",
    description:
      'Newest first: keys made and revoked, the pair regenerated, settings and secrets saved (their names, never ' +
      'a value), webhook endpoints added, changed, removed or turned off after failing, password changes, logins ' +
      'from a new address. Page with `cursor` (the `next_cursor` of the previous page). Entries are kept ' +
      '`AUDIT_LOG_RETENTION_DAYS` (180 by default).',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (limit, cursor)' })
  async list(@Req() req: AuthenticatedRequest, @Query() query: AuditQueryDto) {
    const page = await this.log.pageOf(req.principal.memberId, query.limit ?? 20, query.cursor);
    return { ok: true as const, ...page };
  }
}
