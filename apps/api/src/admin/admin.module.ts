import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { PlatformTotalsModule } from '@app/analytics';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { MembersModule } from '@app/members';
import { ShortLinksModule } from '@app/shortlinks';
import { UsageModule } from '@app/usage';
import { AdminConsoleService } from './admin-console.service';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminPagesController } from './admin-pages.controller';
import { AdminMembersController } from './admin.controller';
import { AdminService } from './admin.service';
import { ViewerModule } from '../pages/viewer.module';

/** The admin console: its JSON routes (members, the overview) and its pages (/console); the abuse routes are AbuseHttpModule's. */
@Module({
  imports: [
    ClockModule,
    AuthModule,
    MembersModule,
    CredentialsModule,
    UsageModule,
    AbuseModule,
    PlatformTotalsModule,
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
    ViewerModule,
  ],
  controllers: [AdminMembersController, AdminOverviewController, AdminPagesController],
  providers: [AdminService, AdminConsoleService],
})
export class AdminModule {}
