export { httpMetricsMiddleware, labelByRouter, setRouteLabel, timedRequestListener } from './http-metrics';
export { MetricsController } from './metrics.controller';
export { MetricsModule } from './metrics.module';
export { Metrics, type WebhookAttemptOutcome } from './metrics.service';
export { MetricsConfig, metricsConfig } from './metrics.config';
