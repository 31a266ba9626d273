import { applyDecorators, Controller } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiHeader, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Audited } from '@app/audit';
import { AdminOnly, SignedIn } from '@app/auth';
import { ErrorResponseDto } from '@app/common';

/** The session's CSRF header, as a state-changing account or admin route documents it. */
export const ApiCsrfHeader = (description = 'The session CSRF token') =>
  ApiHeader({ name: 'X-CSRF-Token', required: true, description });

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
