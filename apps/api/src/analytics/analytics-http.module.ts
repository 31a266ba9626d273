import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AnalyticsModule } from '@app/analytics';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { ShortLinksModule } from '@app/shortlinks';
import { AnalyticsController } from './analytics.controller';
import { ConversionsController } from './conversions.controller';

/**
 * Earnings: `GET /api/analytics` and `POST /api/conversions/import` (key + token), their session twins under
 * `/account`, and the report sync state. The analytics lib also records the clicks' dimensions for the mounted
 * redirector (its `ClickDimensionsSink`).
 */
@Module({
  imports: [
    ClockModule,
    AuthModule,
    CredentialsModule,
    AbuseModule,
    // The same options as ConversionModule's import: one instance (short links point at marketplace links only).
    AnalyticsModule.forRoot({ shortLinks: ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }) }),
  ],
  controllers: [AnalyticsController, ConversionsController],
})
export class AnalyticsHttpModule {}
