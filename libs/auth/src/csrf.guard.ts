import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import type { Request } from 'express';
import { PreLoginCsrf } from './pre-login-csrf';
import { sameToken } from './sessions.service';
import './session-data';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether the request comes from one of our own pages: `Sec-Fetch-Site` is not cross-site, and `Origin`
 * (or, without it, `Referer`) names this very host. Clients that send none of these (curl, servers) pass
 * this check and still need the token.
 */
export function fromOurOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const own = `${req.protocol}://${req.host}`.toLowerCase();
  const origin = req.headers.origin;
  if (origin !== undefined) return origin !== 'null' && originOf(origin)?.toLowerCase() === own;
  const referer = req.headers.referer;
  if (referer !== undefined) return originOf(referer)?.toLowerCase() === own;
  return true;
}

/**
 * CSRF protection for state-changing account and admin routes, echoed in `X-CSRF-Token`, plus an
 * Origin/Referer check: once logged in, the synchronizer token kept in the session (the login response,
 * `GET /account/csrf`); before (login, sign-up), the signed double-submit token of `PreLoginCsrf`, bound to
 * the pre-login cookie, with no server state. Safe methods pass. Failures are 403 `csrf_failed`.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly preLogin: PreLoginCsrf) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (!fromOurOrigin(req)) throw new AppException('csrf_failed', 'Cross-site request refused');
    const expected = req.session?.csrfToken;
    const given = req.headers[CSRF_HEADER];
    const valid =
      typeof given === 'string' && (expected ? sameToken(given, expected) : this.preLogin.matches(req, given));
    if (!valid) {
      throw new AppException(
        'csrf_failed',
        'Missing or wrong CSRF token: get one from GET /account/csrf and send it in the X-CSRF-Token header',
      );
    }
    return true;
  }
}
