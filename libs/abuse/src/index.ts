export { ABUSE_EVENT_TYPES, LINK_BUDGET_NAMES, THROTTLER_NAMES } from './abuse.constants';
export { AbuseModule } from './abuse.module';
export {
  AbuseBansQueryDto,
  AbuseEventDto,
  AbuseEventsPageDto,
  AbuseEventsQueryDto,
  IpBanDto,
  IpBansPageDto,
  LiftBanResponseDto,
} from './admin/abuse-admin.dto';
export { AbuseQueries, banView, eventView } from './admin/abuse-queries.service';
export { IpBan } from './bans/ip-ban.entity';
export { IpBanGuard } from './bans/ip-ban.guard';
export { IpBanService } from './bans/ip-ban.service';
export { ipKeyOf } from './ip-key';
export { AbuseEvent } from './events/abuse-event.entity';
export { AbuseEventsModule } from './events/abuse-events.module';
export { AbuseEvents } from './events/abuse-events.service';
export { ApiThrottlerGuard, CountedWithLinks, rateLimitStatesOf } from './rate-limit/api-throttler.guard';
export { LinkBudgets } from './rate-limit/link-budgets';
export {
  IP_BLOCKED_DESCRIPTION,
  IP_BLOCKED_HEADERS,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from './rate-limit/openapi';
export { abuseConfig } from './abuse.config';
export { ABUSE_MIGRATIONS } from './migrations';
