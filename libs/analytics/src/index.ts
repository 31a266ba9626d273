export { AnalyticsModule, ANALYTICS_ENTITIES } from './analytics.module';
export { analyticsConfig } from './analytics.config';
export { OrderImportService, type ImportOptions, type ImportSummary } from './import/order-import.service';
export { isSupportedUploadEncoding, type ReportUpload } from './import/report-upload';
export { ROW_PROBLEM_REASONS } from './import/report-rows';
export { zonedRange, shownDays, rangeDays, type ZonedRange } from './query/zoned-range';
export { MARKETPLACES as REPORT_MARKETPLACES, WHOLE_CURRENCIES } from './import/report-formats';
export { ClickRecorderModule } from './clicks/click-recorder.module';
export { AnalyticsService } from './query/analytics.service';
export { OrderedItems, type OrderedItem } from './query/ordered-items';
export { PlatformTotalsModule, PlatformTotalsQuery } from './query/platform-totals';
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
export { ANALYTICS_MIGRATIONS } from './migrations';
export { OrderLinesChanged, ReportImported, ReportSyncFailed } from './analytics-events';
