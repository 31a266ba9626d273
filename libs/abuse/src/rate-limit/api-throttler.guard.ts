import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { AppException } from '@app/common';
import type { Request } from 'express';
import type { ThrottlerName } from '../abuse.constants';
import { AbuseEvents } from '../events/abuse-events.service';
import {
  policySubject,
  RateLimitPolicies,
  rateLimitHeader,
  rateLimitPolicyHeader,
  type RateLimitState,
} from './rate-limit-policies';
import { principalOf } from './throttler-options';

const STATES = Symbol('rateLimitStates');

/** Where the caller stands in each policy after this request (filled by `ApiThrottlerGuard`). */
export function rateLimitStatesOf(req: Request): RateLimitState[] {
  const holder = req as Request & { [STATES]?: RateLimitState[] };
  holder[STATES] ??= [];
  return holder[STATES];
}

/**
 * `@nestjs/throttler`'s guard with the `per_key` and `per_member` throttlers, run after `ApiCredentialsGuard`.
 * Through its hooks: counts the authenticated identity (see `throttlerOptions`), sends `RateLimit-Policy` and
 * `RateLimit` (draft-ietf-httpapi-ratelimit-headers-10) on every response it lets through or refuses, and
 * refuses with the envelope's 429 `rate_limited` plus `Retry-After`. The first refusal of a window is logged
 * as a `rate_limited` abuse event (one per window and policy, however hard the client keeps pushing).
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly policies: RateLimitPolicies,
    private readonly events: AbuseEvents,
  ) {
    super(options, storage, reflector);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = request;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse();
    const name = (throttler.name ?? 'default') as ThrottlerName;
    const principal = principalOf(req as unknown as Record<string, unknown>);
    const tracker = await getTracker(req, context);
    const key = generateKey(context, tracker, name);
    const record = await this.storageService.increment(key, ttl, limit, blockDuration, name);

    const states = rateLimitStatesOf(req);
    states.push({
      name,
      limit,
      windowSeconds: ttl / 1000,
      remaining: Math.max(0, limit - record.totalHits),
      resetSeconds: record.timeToExpire,
    });
    res.setHeader('RateLimit-Policy', rateLimitPolicyHeader(this.policies.policiesFor(principal.plan)));
    res.setHeader('RateLimit', rateLimitHeader(states));

    if (record.isBlocked) {
      if (record.totalHits === limit + 1) {
        this.events.record({
          type: 'rate_limited',
          ip: req.ip,
          memberId: principal.memberId,
          keyPreview: principal.keyPreview,
          detail: { throttler: name, limit, window_seconds: ttl / 1000, path: req.path },
        });
      }
      await this.throwThrottlingException(context, { ...record, limit, ttl, key, tracker }, name);
    }
    return true;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
    name: ThrottlerName = 'per_key',
  ): Promise<void> {
    throw new AppException(
      'rate_limited',
      `Rate limit exceeded: ${detail.limit} requests per ${detail.ttl / 1000} seconds per ${policySubject(name)}`,
      { retryAfterSeconds: Math.max(1, detail.timeToExpire) },
    );
  }
}
