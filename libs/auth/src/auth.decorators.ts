import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import type { Member } from '@app/members';
import { AdminGuard } from './admin.guard';
import { CsrfGuard } from './csrf.guard';
import type { MemberRequest } from './session-data';
import { SessionAuthGuard } from './session-auth.guard';

/** Anonymous routes that change state (login, sign-up, logout): CSRF token and origin required. */
export const CsrfProtected = () => UseGuards(CsrfGuard);

/** A logged-in member (401 otherwise); state-changing methods also need the CSRF token. */
export const SignedIn = () => applyDecorators(UseGuards(SessionAuthGuard, CsrfGuard));

/** A logged-in admin (401 when logged out, 403 for other members); CSRF as for `SignedIn`. */
export const AdminOnly = () => applyDecorators(UseGuards(SessionAuthGuard, CsrfGuard, AdminGuard));

/** The member `SessionAuthGuard` loaded for this request. */
export const CurrentMember = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Member => context.switchToHttp().getRequest<MemberRequest>().member,
);
