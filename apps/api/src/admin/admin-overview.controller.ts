import { Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminOverviewDto } from './admin.dto';
import { AdminConsoleService } from './admin-console.service';
import { AdminController } from '../session-routes.decorator';

@AdminController('admin/overview', 'forbidden (not an admin)')
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
