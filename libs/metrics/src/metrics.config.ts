import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MinLength } from 'class-validator';
import { configNamespace, emptyToUndefined, toBool } from '@app/common';

/** Settings of the Prometheus metrics. */
export class MetricsConfig {
  /** `GET /metrics` and the request histogram (see [Metrics](operations.md#metrics)). */
  @Transform(toBool)
  @IsBoolean({ message: 'METRICS_ENABLED must be true or false' })
  METRICS_ENABLED = true;

  /** When set, `GET /metrics` needs `Authorization: Bearer <token>`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;
}

export const metricsConfig = configNamespace('metrics', MetricsConfig);
