import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { OrderLineRow } from './import/order-line.entity';
import { OrderImportService } from './import/order-import.service';

/** The entities of the analytics tables, for a DataSource. */
export const ANALYTICS_ENTITIES = [OrderLineRow];

/**
 * Earnings analytics: the member's orders and commission (report imports, the scheduled pull), clicks with their
 * dimensions, attribution of orders to sub ids, links and items, and the figures of `GET /api/analytics`. Owns
 * its tables (`ANALYTICS_ENTITIES`); reads short links only through `ShortLinkService`, from the app's
 * `ShortLinksModule` (passed in, so the app keeps one instance of it).
 */
@Module({})
export class AnalyticsModule {
  static forRoot(options: { shortLinks: DynamicModule }): DynamicModule {
    return {
      module: AnalyticsModule,
      imports: [TypeOrmModule.forFeature(ANALYTICS_ENTITIES), ClockModule, options.shortLinks],
      providers: [OrderImportService],
      exports: [OrderImportService],
    };
  }
}
