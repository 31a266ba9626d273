import { Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { MemoryThrottlerStorage } from './rate-limit/memory-throttler-storage';
import { RateLimitPolicies } from './rate-limit/rate-limit-policies';
import { ResilientThrottlerStorage } from './rate-limit/resilient-throttler-storage';
import { AbuseRedis } from './redis/abuse-redis';

/** The stores the throttler options need (imported by `ThrottlerModule.forRootAsync` and by `AbuseModule`). */
@Module({
  imports: [ClockModule],
  providers: [AbuseRedis, MemoryThrottlerStorage, ResilientThrottlerStorage, RateLimitPolicies],
  exports: [AbuseRedis, ResilientThrottlerStorage, RateLimitPolicies],
})
export class AbuseStoreModule {}
