import { Controller, Get, Header } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@app/auth';
import { AdminConsoleService } from './admin-console.service';

@ApiTags('admin')
@ApiCookieAuth('session')
@Controller('admin/overview')
@AdminOnly()
export class AdminOverviewController {
  constructor(private readonly console: AdminConsoleService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The admin overview (last 7 days)',
    description:
      'Convert calls and links per hour, failed authentications per hour, bans per day, the top 10 addresses by failed ' +
      'authentications and the top 10 members by calls. The page at `/admin` draws it.',
  })
  @ApiOkResponse({
    description:
      '{ ok, days, calls_per_hour, links_per_hour, failed_auth_per_hour, bans_per_day, top_ips, top_members }',
  })
  overview() {
    return this.console.overview();
  }
}
