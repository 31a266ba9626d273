export { AnalyticsModule, ANALYTICS_ENTITIES } from './analytics.module';
export { analyticsConfig } from './analytics.config';
export { OrderImportService, type ImportSummary } from './import/order-import.service';
export { ClickRecorderModule } from './clicks/click-recorder.module';
export { AnalyticsService } from './query/analytics.service';
/** The order figures' SQL (also what the analytics bench seeds `order_days` with). */
export { orderFigures } from './query/order-figures';
export {
  PlatformTotalsModule,
  PlatformTotalsQuery,
  type PlatformAmount,
  type PlatformTotals,
} from './query/platform-totals';
export { ReportSyncService, type SyncStateView } from './sync/report-sync.service';
export {
  ANALYTICS_EVENTS,
  ANALYTICS_GROUPS,
  ANALYTICS_INTERVALS,
  type AnalyticsEvent,
  type AnalyticsGroup,
  type AnalyticsInterval,
  type AnalyticsQuery,
  type AnalyticsRow,
  type AnalyticsAmount,
} from './query/analytics-query';
