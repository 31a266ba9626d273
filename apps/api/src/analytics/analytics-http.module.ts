import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AnalyticsModule } from '@app/analytics';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { ConversionModule, MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { IdempotencyModule } from '@app/idempotency';
import { ProductsModule } from '@app/products';
import { ShortLinksModule } from '@app/shortlinks';
import { AnalyticsController } from './analytics.controller';
import { EarningsPagesController } from './earnings-pages.controller';
import { ReportUploadsController } from './report-uploads.controller';
import { ViewerModule } from '../pages/viewer.module';

// The same options as ConversionModule's import: one instance (short links point at marketplace links only).
const SHORT_LINKS = ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy });

/**
 * Earnings: `GET /api/analytics` and `POST /api/conversions/import` (key + token), their session twins under
 * `/account`, the report sync state, and the earnings page (`/dashboard/earnings`). The analytics lib also records the clicks' dimensions for the mounted
 * redirector (its `ClickDimensionsSink`).
 */
@Module({
  imports: [
    ClockModule,
    IdempotencyModule,
    AuthModule,
    CredentialsModule,
    AbuseModule,
    SHORT_LINKS,
    AnalyticsModule.forRoot({ shortLinks: SHORT_LINKS }),
    // The item pages read product details as `GET /api/products` does.
    ConversionModule,
    ProductsModule,
    ViewerModule,
  ],
  controllers: [AnalyticsController, ReportUploadsController, EarningsPagesController],
})
export class AnalyticsHttpModule {}
