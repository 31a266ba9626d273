import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { PlatformTotalsModule } from '@app/analytics';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { MembersModule } from '@app/members';
import { ShortLinksModule } from '@app/shortlinks';
import { AdminAbuseController } from '../abuse/admin-abuse.controller';
import { AdminConsoleService } from './admin-console.service';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminPagesController } from './admin-pages.controller';
import { AdminMembersController } from './admin.controller';
import { AdminService } from './admin.service';

/** The admin console: its JSON routes (members, the overview, the abuse log and bans) and its pages (/console). */
@Module({
  imports: [
    ClockModule,
    AuthModule,
    MembersModule,
    AbuseModule,
    PlatformTotalsModule,
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
  ],
  controllers: [AdminMembersController, AdminOverviewController, AdminAbuseController, AdminPagesController],
  providers: [AdminService, AdminConsoleService],
})
export class AdminModule {}
