import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { ClickRecorderModule } from './clicks/click-recorder.module';
import { ClickRetention } from './clicks/click-retention';
import { OrderLineRow } from './import/order-line.entity';
import { OrderImportService } from './import/order-import.service';
import { AnalyticsRepository } from './query/analytics-repository';
import { AnalyticsService } from './query/analytics.service';
import { OrderedItems } from './query/ordered-items';
import { ReportSyncService } from './sync/report-sync.service';
import { MembersModule } from '@app/members';
import { OutboundModule } from '@app/outbound';

/** The entities of the analytics tables, for a DataSource (`click_hours` is written and read by raw SQL only). */
export const ANALYTICS_ENTITIES = [OrderLineRow];

/**
 * Earnings analytics: the member's orders and commission (report imports, the scheduled pull), clicks with their
 * dimensions, attribution of orders to sub ids, links and items, and the figures of `GET /api/analytics`. Owns
 * its tables (`order_lines`, `click_hours`); reads short links only through `ShortLinkService`, from the app's
 * `ShortLinksModule` (passed in, so the process keeps one instance of it).
 */
@Module({})
export class AnalyticsModule {
  static forRoot(options: { shortLinks: DynamicModule }): DynamicModule {
    const recorder = ClickRecorderModule.forRoot(options);
    return {
      module: AnalyticsModule,
      imports: [
        TypeOrmModule.forFeature(ANALYTICS_ENTITIES),
        ClockModule,
        MembersModule,
        OutboundModule,
        options.shortLinks,
        recorder,
      ],
      providers: [
        OrderImportService,
        AnalyticsRepository,
        AnalyticsService,
        OrderedItems,
        ClickRetention,
        ReportSyncService,
      ],
      exports: [OrderImportService, AnalyticsService, OrderedItems, ClickRetention, ReportSyncService, recorder],
    };
  }
}
