import { Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { RedisModule } from '@app/messaging';
import { MemoryThrottlerStorage } from './rate-limit/memory-throttler-storage';
import { RateLimitPolicies } from './rate-limit/rate-limit-policies';
import { ResilientThrottlerStorage } from './rate-limit/resilient-throttler-storage';

/** The stores the throttler options need (imported by `ThrottlerModule.forRootAsync` and by `AbuseModule`). */
@Module({
  imports: [ClockModule, RedisModule],
  providers: [MemoryThrottlerStorage, ResilientThrottlerStorage, RateLimitPolicies],
  exports: [ResilientThrottlerStorage, RateLimitPolicies],
})
export class AbuseStoreModule {}
