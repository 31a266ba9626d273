import { Injectable, Optional } from '@nestjs/common';
import { AppException } from '@app/common';
import type { Principal } from '@app/credentials';
import { Metrics } from '@app/metrics';
import type { Request } from 'express';
import { LINKS_PER_KEY, type LinkBudgetName } from '../abuse.constants';
import { countCallWithBudgets, rateLimitStatesOf } from './api-throttler.guard';
import { policySubject, RateLimitPolicies, rateLimitHeader, type RateLimitState } from './rate-limit-policies';
import { ResilientThrottlerStorage } from './resilient-throttler-storage';

/**
 * The link budgets: links converted per window, per API key (`links_per_key`) and per member
 * (`links_per_member`), beside the request limits and in the same stores (Redis when configured, else in process;
 * in process while Redis is unavailable), in the same fixed windows (RATE_LIMIT_WINDOW_SECONDS). The request
 * limits count calls; these count work, so a caller sending the largest texts cannot take the whole instance.
 *
 * A call is let through while the window's count is below the budget, and is then charged all of its links: one
 * call within the content limit is never refused on a fresh window, on any plan and whatever the settings. A
 * refused call is not charged. Both policies join the `RateLimit-Policy` and `RateLimit` headers of the calls that
 * convert, and `GET /api/limits`.
 */
@Injectable()
export class LinkBudgets {
  constructor(
    private readonly policies: RateLimitPolicies,
    private readonly storage: ResilientThrottlerStorage,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /**
   * Charges a call's `links`; throws 429 `rate_limited` (with `Retry-After`) naming the spent budget. With `req`,
   * adds both budgets to the request's rate-limit states and headers; when the route is `CountedWithLinks`, the
   * call's request limits are counted in the same round trip, first (their refusals as `ApiThrottlerGuard`'s).
   */
  async charge(principal: Principal, links: number, req?: Request): Promise<RateLimitState[]> {
    const budgets = this.policies.linkBudgetsFor(principal.plan);
    const counters = budgets.map((budget) => ({
      key: `${budget.name}:${budget.name === LINKS_PER_KEY ? principal.credentialId : principal.memberId}`,
      ttl: budget.windowSeconds * 1000,
      limit: budget.limit,
      throttlerName: budget.name,
    }));
    const budgetRequest = { counters, amount: links };
    const charged =
      (req && (await countCallWithBudgets(req, budgetRequest))) || (await this.storage.chargeAll(counters, links));
    const states: RateLimitState[] = budgets.map((budget, i) => ({
      ...budget,
      remaining: Math.max(0, budget.limit - charged.counts[i].used),
      resetSeconds: Math.ceil(charged.counts[i].resetMs / 1000),
    }));
    if (req) this.addToHeaders(req, principal, states);
    if (charged.refused >= 0) {
      const budget = budgets[charged.refused];
      const name = budget.name as LinkBudgetName;
      this.metrics?.rateLimited.inc({ policy: name });
      throw new AppException(
        'rate_limited',
        `Link budget spent (${name}): ${budget.limit} links per ${budget.windowSeconds} seconds per ` +
          `${policySubject(name)}, ${charged.counts[charged.refused].used} used; this call has ${links}`,
        { retryAfterSeconds: Math.max(1, states[charged.refused].resetSeconds) },
      );
    }
    return states;
  }

  /** Where the caller stands in both budgets, without charging anything (`GET /api/limits`). */
  peek(principal: Principal): Promise<RateLimitState[]> {
    return this.charge(principal, 0);
  }

  private addToHeaders(req: Request, principal: Principal, states: RateLimitState[]): void {
    const all = rateLimitStatesOf(req);
    all.push(...states);
    const res = req.res;
    if (!res || res.headersSent) return;
    res.setHeader('RateLimit-Policy', this.policies.policyHeaderFor(principal.plan, true));
    res.setHeader('RateLimit', rateLimitHeader(all));
  }
}
