import { ExecutionContext, Injectable, Optional, SetMetadata, type Type } from '@nestjs/common';
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
import { AppException, Clock } from '@app/common';
import { deferCheck, takeDeferredCheck } from '@app/http';
import { Metrics } from '@app/metrics';
import type { Request } from 'express';
import type { ThrottlerName } from '../abuse.constants';
import { ipBlockedException } from '../bans/ip-ban.guard';
import { IpBanService } from '../bans/ip-ban.service';
import { AbuseEvents } from '../events/abuse-events.service';
import { policySubject, RateLimitPolicies, rateLimitHeader, type RateLimitState } from './rate-limit-policies';
import {
  type ApiCallCount,
  type BudgetRequest,
  type CounterHit,
  ResilientThrottlerStorage,
} from './resilient-throttler-storage';
import { principalOf } from './throttler-options';

const STATES = Symbol('rateLimitStates');
const PENDING = Symbol('throttlerRequests');
const COUNTED_WITH_LINKS = 'abuse:countedWithLinks';

/**
 * A route that charges the link budgets (`LinkBudgets.charge` with its request) once its links are counted: its
 * request limits are counted then, in the same Redis script as the budgets (one round trip), instead of in
 * `ApiThrottlerGuard` (a deferred check, `deferCheck`). Anything that answers such a call before the charge settles
 * the count first (the exception filter; a large text, before its turn), so a refusal comes first, as before.
 */
export const CountedWithLinks = () => SetMetadata(COUNTED_WITH_LINKS, true);

/**
 * Nest's `Reflector` that remembers what it read, per metadata key and target. The library's `canActivate` asks
 * six keys per throttler of the handler and then the class on every request (24 walks through reflect-metadata's
 * maps, 1.5 % of a convert call's CPU, profiled); the metadata is written by decorators, before start-up, and never
 * changes after.
 */
export class RememberingReflector extends Reflector {
  private readonly read = new Map<unknown, WeakMap<object, { value: unknown }>>();

  override get<TResult = unknown, TKey = unknown>(
    metadataKeyOrDecorator: TKey,
    target: Type<unknown> | ((...args: never[]) => unknown),
  ): TResult {
    let byTarget = this.read.get(metadataKeyOrDecorator);
    if (!byTarget) this.read.set(metadataKeyOrDecorator, (byTarget = new WeakMap()));
    let known = byTarget.get(target);
    if (!known) byTarget.set(target, (known = { value: super.get<unknown, TKey>(metadataKeyOrDecorator, target) }));
    return known.value as TResult;
  }
}

type HitOf = CounterHit & { request: ThrottlerRequest; tracker: string };

/**
 * Runs the call's deferred count (see `CountedWithLinks`) with the link budgets' charge: one round trip. Answers
 * the charge, or undefined when the call's count was not deferred (the caller charges the budgets itself).
 */
export async function countCallWithBudgets(
  req: Request,
  budgets: BudgetRequest,
): Promise<ApiCallCount['budgets'] | undefined> {
  const deferred = takeDeferredCheck<BudgetRequest, ApiCallCount>(req);
  return deferred ? (await deferred(budgets)).budgets : undefined;
}

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
    private readonly policies: RateLimitPolicies,
    private readonly events: AbuseEvents,
    private readonly bans: IpBanService,
    private readonly clock: Clock,
    @Optional() private readonly metrics?: Metrics,
  ) {
    super(options, storage, new RememberingReflector());
  }

  /** The store, as the app provides it (`throttlerOptions`). */
  private get storage(): ResilientThrottlerStorage {
    return this.storageService as ResilientThrottlerStorage;
  }

  /**
   * The library's `canActivate` resolves each throttler (limit, window, tracker, key, skips) and hands it to
   * `handleRequest`, which here only collects it; then every counter and the client's shared ban (a ban another
   * instance wrote to Redis, see `IpBanGuard`) are checked in one round trip (`countApiCall`, one script).
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const pending: ThrottlerRequest[] = [];
    (req as Request & { [PENDING]?: ThrottlerRequest[] })[PENDING] = pending;
    await super.canActivate(context);
    delete (req as Request & { [PENDING]?: ThrottlerRequest[] })[PENDING];

    const hits: HitOf[] = [];
    for (const request of pending) {
      const tracker = await request.getTracker(req, context);
      const throttlerName = request.throttler.name ?? 'default';
      const key = request.generateKey(context, tracker, throttlerName);
      hits.push({ key, ttl: request.ttl, limit: request.limit, throttlerName, request, tracker });
    }
    const banKey = this.bans.sharedBanKeyOf(req.ip);
    if (this.reflector.get<boolean>(COUNTED_WITH_LINKS, context.getHandler())) {
      deferCheck(req, (budgets?: BudgetRequest) => this.settle(context, hits, banKey, budgets));
      return true;
    }
    await this.settle(context, hits, banKey);
    return true;
  }

  /**
   * Counts the call (and charges `budgets` with it, in the same round trip), then acts on it: a ban another
   * instance wrote (confirmed in Postgres) refuses it with 403; a ban whose row is gone (lifted) is passed over and
   * the call counted again without the ban check; a request counter over its limit refuses it with 429.
   */
  private async settle(
    context: ExecutionContext,
    hits: HitOf[],
    banKey: string | null,
    budgets?: BudgetRequest,
  ): Promise<ApiCallCount> {
    const req = context.switchToHttp().getRequest<Request>();
    let counted = await this.storage.countApiCall(banKey, hits, budgets);
    if (counted.sharedBan !== null) {
      const ban = await this.bans.confirmSharedBan(req.ip, counted.sharedBan);
      if (ban) throw ipBlockedException(ban, this.clock.now().getTime());
      counted = await this.storage.countApiCall(null, hits, budgets);
    }
    await this.answer(context, hits, counted.records!);
    return counted;
  }

  /** Collects a throttler's resolved request for `canActivate`. */
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const req = request.context.switchToHttp().getRequest<Request & { [PENDING]?: ThrottlerRequest[] }>();
    req[PENDING]!.push(request);
    return true;
  }

  /** The `RateLimit` headers, and the refusal of the first policy over its limit (logged once per window). */
  private async answer(
    context: ExecutionContext,
    hits: HitOf[],
    records: Awaited<ReturnType<ThrottlerStorage['increment']>>[],
  ): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse();
    const principal = principalOf(req as unknown as Record<string, unknown>);
    const states = rateLimitStatesOf(req);
    const counted = hits.slice(0, records.length);
    counted.forEach((hit, i) =>
      states.push({
        name: hit.throttlerName as ThrottlerName,
        limit: hit.limit,
        windowSeconds: hit.ttl / 1000,
        remaining: Math.max(0, hit.limit - records[i].totalHits),
        resetSeconds: records[i].timeToExpire,
      }),
    );
    res.setHeader('RateLimit-Policy', this.policies.policyHeaderFor(principal.plan, false));
    res.setHeader('RateLimit', rateLimitHeader(states));
    for (const [i, hit] of counted.entries()) {
      const record = records[i];
      if (!record.isBlocked) continue;
      const name = hit.throttlerName as ThrottlerName;
      if (record.totalHits === hit.limit + 1) {
        this.events.record({
          type: 'rate_limited',
          ip: req.ip,
          memberId: principal.memberId,
          keyPreview: principal.keyPreview,
          detail: { throttler: name, limit: hit.limit, window_seconds: hit.ttl / 1000, path: req.path },
        });
      }
      // Every refused call counts (the abuse log above keeps one event per window).
      this.metrics?.rateLimited.inc({ policy: name });
      await this.throwThrottlingException(
        context,
        { ...record, limit: hit.limit, ttl: hit.ttl, key: hit.key, tracker: hit.tracker },
        name,
      );
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
