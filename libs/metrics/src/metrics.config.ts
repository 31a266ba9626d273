import { bool, configNamespace, secret, settingsTable } from '@app/common';

/** Settings of the Prometheus metrics. */
export class MetricsConfig extends settingsTable({
  /** `GET /metrics` and the request histogram (see [Metrics](operations.md#metrics)). */
  METRICS_ENABLED: bool(true),

  /** When set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: secret(16),
}) {}

export const metricsConfig = configNamespace('metrics', MetricsConfig);
