import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RedisModule } from '@app/messaging';
import { MetricsController } from '@app/metrics';
import { HealthController } from './health.controller';

/** What operators and their probes call: `GET /health/live|ready` (terminus) and `GET /metrics`. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RedisModule],
  controllers: [HealthController, MetricsController],
})
export class HealthModule {}
