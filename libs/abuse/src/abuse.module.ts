import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { PubSubModule, RedisModule } from '@app/messaging';
import { AbuseQueries } from './admin/abuse-queries.service';
import { AbuseStoreModule } from './abuse-store.module';
import { BanPolicy } from './bans/ban-policy';
import { BanSync } from './bans/ban-sync';
import { FailedAuthCounter } from './bans/failed-auth-counter';
import { FailedAuthListener } from './bans/failed-auth.listener';
import { IpBan } from './bans/ip-ban.entity';
import { IpBanGuard } from './bans/ip-ban.guard';
import { IpBanService } from './bans/ip-ban.service';
import { IpAllowList } from './bans/ip-allow-list';
import { AbuseEventsModule } from './events/abuse-events.module';
import { ApiThrottlerGuard } from './rate-limit/api-throttler.guard';
import { LinkBudgets } from './rate-limit/link-budgets';
import { RateLimitPolicies } from './rate-limit/rate-limit-policies';
import { ResilientThrottlerStorage } from './rate-limit/resilient-throttler-storage';
import { throttlerOptions } from './rate-limit/throttler-options';

/**
 * Rate limits, failed-auth IP bans and the abuse log. Not global: a module that uses its exports imports it (or
 * just `AbuseEventsModule` to `record()` an abuse event). Failed authentications reach it as `AuthFailed`
 * events (`FailedAuthListener`), so the credentials lib does not depend on it.
 * API routes use `@UseGuards(IpBanGuard, ApiCredentialsGuard, ApiThrottlerGuard)`, in that order.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([IpBan]),
    ClockModule,
    RedisModule,
    PubSubModule,
    AbuseEventsModule,
    AbuseStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [AbuseStoreModule],
      inject: [RateLimitPolicies, ResilientThrottlerStorage],
      useFactory: throttlerOptions,
    }),
  ],
  providers: [
    IpAllowList,
    BanPolicy,
    BanSync,
    FailedAuthCounter,
    IpBanService,
    IpBanGuard,
    ApiThrottlerGuard,
    LinkBudgets,
    FailedAuthListener,
    AbuseQueries,
  ],
  exports: [
    AbuseStoreModule,
    AbuseEventsModule,
    IpBanService,
    IpBanGuard,
    ApiThrottlerGuard,
    LinkBudgets,
    AbuseQueries,
  ],
})
export class AbuseModule {}
