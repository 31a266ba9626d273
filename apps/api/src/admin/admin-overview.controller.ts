import { Controller, Get, Header } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminOnly } from '@app/auth';
import { ErrorResponseDto } from '@app/common';
import { AdminOverviewDto } from './admin.dto';
import { AdminConsoleService } from './admin-console.service';

@ApiTags('admin')
@ApiCookieAuth('session')
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'forbidden (not an admin)' })
@Controller('admin/overview')
@AdminOnly()
export class AdminOverviewController {
  constructor(private readonly console: AdminConsoleService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getAdminOverview',
    summary: 'The admin overview (last 7 days)',
    description:
      'Convert calls and links per hour, failed authentications per hour, bans per day, the top 10 addresses by failed ' +
      'authentications and the top 10 members by calls. The page at `/admin` draws it.',
  })
  @ApiOkResponse({ type: AdminOverviewDto })
  overview() {
    return this.console.overview();
  }
}
