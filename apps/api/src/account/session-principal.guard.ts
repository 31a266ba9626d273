import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { MemberRequest } from '@app/auth';
import { CredentialsService } from '@app/credentials';

/**
 * After `SessionAuthGuard`: puts the logged-in member's `Principal` on the request, as `ApiCredentialsGuard` does
 * for a key and token, so the account page's own calls (the playground) go through the same throttler, the same
 * conversion and the same usage count as `POST /api/convert`.
 */
@Injectable()
export class SessionPrincipalGuard implements CanActivate {
  constructor(private readonly credentials: CredentialsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<MemberRequest & { principal?: unknown }>();
    req.principal = await this.credentials.sessionPrincipal(req.member);
    return true;
  }
}
