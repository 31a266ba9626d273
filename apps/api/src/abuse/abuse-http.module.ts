import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { ShortLinksModule } from '@app/shortlinks';
import { AdminAbuseController } from './admin-abuse.controller';
import { ApiLimitsController } from './api-limits.controller';

/**
 * The abuse lib's HTTP routes: the admin's abuse log and bans (`/admin/abuse/*`, JSON) and a member's limits
 * (`GET /api/limits`, key + token). The abuse lib itself has no routes and renders nothing: its page is the admin
 * console's (`AdminPagesController`).
 */
@Module({
  imports: [
    ClockModule,
    AuthModule,
    CredentialsModule,
    AbuseModule,
    // The same options as the other features' import: one instance (the short-link quotas of GET /api/limits).
    ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
  ],
  controllers: [AdminAbuseController, ApiLimitsController],
})
export class AbuseHttpModule {}
