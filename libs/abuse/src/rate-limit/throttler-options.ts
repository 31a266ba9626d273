import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Principal } from '@app/credentials';
import { PER_KEY, PER_MEMBER } from '../abuse.constants';
import { RateLimitPolicies } from './rate-limit-policies';
import { ResilientThrottlerStorage } from './resilient-throttler-storage';

/** The caller `ApiCredentialsGuard` put on the request; the throttler must run after it. */
export function principalOf(req: Record<string, unknown>): Principal {
  const principal = req.principal as Principal | undefined;
  if (!principal) throw new Error('ApiThrottlerGuard must run after ApiCredentialsGuard (no principal on the request)');
  return principal;
}

function planLimit(policies: RateLimitPolicies, name: typeof PER_KEY | typeof PER_MEMBER) {
  return (context: ExecutionContext) => policies.limitFor(principalOf(context.switchToHttp().getRequest()).plan, name);
}

/**
 * The named throttlers. Both count the authenticated identity, never the route or the IP: the key is
 * `<throttler>:<credentialId|memberId>`, so every API route draws on one budget. Fixed windows of
 * RATE_LIMIT_WINDOW_SECONDS (see `FixedWindowRedisStorage`): no block beyond the window.
 */
export function throttlerOptions(
  policies: RateLimitPolicies,
  storage: ResilientThrottlerStorage,
): ThrottlerModuleOptions {
  const ttl = policies.windowSeconds * 1000;
  return {
    storage,
    setHeaders: false,
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    throttlers: [
      {
        name: PER_KEY,
        ttl,
        limit: planLimit(policies, PER_KEY),
        getTracker: (req) => principalOf(req).credentialId,
      },
      {
        name: PER_MEMBER,
        ttl,
        limit: planLimit(policies, PER_MEMBER),
        getTracker: (req) => principalOf(req).memberId,
      },
    ],
  };
}
