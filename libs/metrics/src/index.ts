export { httpMetricsMiddleware, routeLabelOf, setRouteLabel, UNMATCHED_ROUTE } from './http-metrics';
export { MetricsController } from './metrics.controller';
export { MetricsModule } from './metrics.module';
export { Metrics, type BufferName, type DomainKind } from './metrics.service';
export { MetricsConfig, metricsConfig } from './metrics.config';
