export { AnalyticsModule, ANALYTICS_ENTITIES } from './analytics.module';
export { analyticsConfig } from './analytics.config';
export { OrderImportService, type ImportSummary } from './import/order-import.service';
