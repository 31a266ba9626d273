import { Injectable, Inject } from '@nestjs/common';
import type { MemberPlan } from '@app/members';
import {
  LINK_BUDGET_NAMES,
  LINKS_PER_KEY,
  LINKS_PER_MEMBER,
  type LinkBudgetName,
  PER_KEY,
  PER_MEMBER,
  type PolicyName,
  THROTTLER_NAMES,
  type ThrottlerName,
} from '../abuse.constants';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/** One quota policy: `limit` requests (or links, for a link budget) per `windowSeconds`. */
export interface RateLimitPolicy {
  name: PolicyName;
  limit: number;
  windowSeconds: number;
}

/** Where a client stands in one policy after this request. */
export interface RateLimitState extends RateLimitPolicy {
  remaining: number;
  resetSeconds: number;
}

/** The limits of each plan, from config (RATE_LIMIT_*). */
@Injectable()
export class RateLimitPolicies {
  constructor(@Inject(abuseConfig.KEY) private readonly config: AbuseConfig) {}

  get windowSeconds(): number {
    return this.config.RATE_LIMIT_WINDOW_SECONDS;
  }

  limitFor(plan: MemberPlan, name: ThrottlerName): number {
    const pro = plan === 'pro';
    if (name === PER_KEY) return pro ? this.config.RATE_LIMIT_PRO_PER_KEY : this.config.RATE_LIMIT_FREE_PER_KEY;
    return pro ? this.config.RATE_LIMIT_PRO_PER_MEMBER : this.config.RATE_LIMIT_FREE_PER_MEMBER;
  }

  /** The link budget of a plan (LINK_BUDGET_*). */
  linkBudgetFor(plan: MemberPlan, name: LinkBudgetName): number {
    const pro = plan === 'pro';
    if (name === LINKS_PER_KEY) return pro ? this.config.LINK_BUDGET_PRO_PER_KEY : this.config.LINK_BUDGET_FREE_PER_KEY;
    return pro ? this.config.LINK_BUDGET_PRO_PER_MEMBER : this.config.LINK_BUDGET_FREE_PER_MEMBER;
  }

  /** The link budgets of a plan, in the window of the request limits (made once per plan: read on every call). */
  linkBudgetsFor(plan: MemberPlan): readonly RateLimitPolicy[] {
    return this.policiesOf(`budgets:${plan}`, LINK_BUDGET_NAMES, (name) => this.linkBudgetFor(plan, name));
  }

  /** The request limits of a plan (made once per plan). */
  policiesFor(plan: MemberPlan): readonly RateLimitPolicy[] {
    return this.policiesOf(`requests:${plan}`, THROTTLER_NAMES, (name) => this.limitFor(plan, name));
  }

  /** `RateLimit-Policy` for a plan's request limits, and with its link budgets too (made once per plan). */
  policyHeaderFor(plan: MemberPlan, withLinkBudgets: boolean): string {
    return this.once(`header:${plan}:${withLinkBudgets}`, () =>
      rateLimitPolicyHeader([...this.policiesFor(plan), ...(withLinkBudgets ? this.linkBudgetsFor(plan) : [])]),
    );
  }

  private readonly made = new Map<string, unknown>();

  /** The policies of `names` in the window of the request limits, each with its limit (made once per `key`). */
  private policiesOf<Name extends PolicyName>(
    key: string,
    names: readonly Name[],
    limitOf: (name: Name) => number,
  ): readonly RateLimitPolicy[] {
    return this.once(key, () =>
      names.map((name) => ({ name, limit: limitOf(name), windowSeconds: this.windowSeconds })),
    );
  }

  private once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, Object.freeze(make()));
    return this.made.get(key) as T;
  }
}

/** What a policy is about, for messages. */
export function policySubject(name: PolicyName): string {
  return name === PER_MEMBER || name === LINKS_PER_MEMBER ? 'member (all API keys together)' : 'API key';
}

/**
 * `RateLimit-Policy` as in draft-ietf-httpapi-ratelimit-headers-10 (a Structured Fields List of quoted
 * policy names with `q` quota and `w` window in seconds): `"per_key";q=60;w=60, "per_member";q=120;w=60`.
 */
export function rateLimitPolicyHeader(policies: readonly RateLimitPolicy[]): string {
  return policies.map((policy) => `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`).join(', ');
}

/**
 * `RateLimit` as in draft-ietf-httpapi-ratelimit-headers-10: per policy, `r` requests remaining and `t`
 * seconds until the window resets: `"per_key";r=59;t=42, "per_member";r=119;t=42`.
 */
export function rateLimitHeader(states: RateLimitState[]): string {
  return states.map((state) => `"${state.name}";r=${state.remaining};t=${state.resetSeconds}`).join(', ');
}
