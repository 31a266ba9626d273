import { applyDecorators, Controller, Header } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiHeader, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Audited } from '@app/audit';
import { AdminOnly, SignedIn } from '@app/auth';
import { ErrorResponseDto } from '@app/common';
import { ApiRoute, type ApiRouteOptions } from './api-route.decorator';

/** The session's CSRF header, as a state-changing account or admin route documents it. */
export const ApiCsrfHeader = (description = 'The session CSRF token') =>
  ApiHeader({ name: 'X-CSRF-Token', required: true, description });

/** A JSON route of the account or admin area that reads: never cached (it may answer a token or a secret once). */
export const SessionRead = (route: ApiRouteOptions): MethodDecorator =>
  applyDecorators(Header('Cache-Control', 'no-store'), ApiRoute(route));

/**
 * A JSON route of the account or admin area that changes something: never cached, and its CSRF header documented
 * (`csrfHeader`: what the token is, where the default does not say it).
 */
export const SessionWrite = ({ csrfHeader, ...route }: ApiRouteOptions & { csrfHeader?: string }): MethodDecorator =>
  applyDecorators(Header('Cache-Control', 'no-store'), ApiCsrfHeader(csrfHeader), ApiRoute(route));

/**
 * A controller of the member's own account area at `path`: signed in with a session (`SessionAuthGuard`, the
 * CSRF check on writes), tagged `account`, its 401 documented with `unauthenticated` (what it says in words), and
 * `@Audited()`: what it changes reaches the audit log with who did it and from where.
 */
export function SessionController(path: string, unauthenticated = 'unauthenticated'): ClassDecorator {
  return applyDecorators(
    ApiTags('account'),
    ApiCookieAuth('session'),
    ApiUnauthorizedResponse({ type: ErrorResponseDto, description: unauthenticated }),
    Controller(path),
    SignedIn(),
    Audited(),
  );
}

/**
 * A controller of the admin console at `path`: a signed-in admin's session (`AdminOnly`), tagged `admin`, its 401
 * and its 403 (`forbidden`, in words) documented; `@Audited()` (an admin's change to a member is recorded as the
 * admin's).
 */
export function AdminController(path: string, forbidden = 'forbidden (not an admin) or csrf_failed'): ClassDecorator {
  return applyDecorators(
    ApiTags('admin'),
    ApiCookieAuth('session'),
    ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' }),
    ApiForbiddenResponse({ type: ErrorResponseDto, description: forbidden }),
    Controller(path),
    AdminOnly(),
    Audited(),
  );
}
