export {
  ABUSE_EVENT_TYPES,
  PER_KEY,
  PER_MEMBER,
  THROTTLER_NAMES,
  type AbuseEventType,
  type ThrottlerName,
} from './abuse.constants';
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
export { escapeHtml, renderAbusePage, type AbusePageData, type AbusePageFilter } from './admin/abuse-page';
export {
  AbuseQueries,
  banView,
  eventView,
  type AbuseEventFilter,
  type IpBanFilter,
  type Page,
} from './admin/abuse-queries.service';
export { banDurationSeconds } from './bans/ban-duration';
export { IpBan } from './bans/ip-ban.entity';
export { IpBanGuard } from './bans/ip-ban.guard';
export { IpBanService, type ActiveBan } from './bans/ip-ban.service';
export { ipKeyFromInput, ipKeyOf } from './client-ip';
export { AbuseEvent } from './events/abuse-event.entity';
export { AbuseEventsModule } from './events/abuse-events.module';
export { AbuseEvents, type AbuseEventInput } from './events/abuse-events.service';
export { ApiThrottlerGuard, rateLimitStatesOf } from './rate-limit/api-throttler.guard';
export {
  IP_BLOCKED_DESCRIPTION,
  IP_BLOCKED_HEADERS,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from './rate-limit/openapi';
export { AbuseRedis } from './redis/abuse-redis';
export { RateLimitPolicies, type RateLimitPolicy, type RateLimitState } from './rate-limit/rate-limit-policies';
export { AbuseConfig, abuseConfig } from './abuse.config';
