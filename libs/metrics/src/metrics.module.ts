import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.service';

/** One `Metrics` (its own prom-client registry) per app, for every module that counts something. */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
