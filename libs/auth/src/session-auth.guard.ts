import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { MembersService } from '@app/members';
import type { Request, Response } from 'express';
import type { MemberRequest } from './session-data';
import { SessionsService } from './sessions.service';

/**
 * Lets a request through only with a logged-in session whose member still exists, is not disabled and has not
 * ended its sessions since (password change): 401 `unauthenticated` otherwise, and a dead session is deleted.
 * Puts the freshly loaded member on `req.member`.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly members: MembersService,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const memberId = req.session?.memberId;
    if (!memberId) throw new AppException('unauthenticated', 'Log in first');
    const member = await this.members.findById(memberId);
    if (!member || member.disabledAt || member.sessionVersion !== req.session.sessionVersion) {
      await this.sessions.end(req, context.switchToHttp().getResponse<Response>());
      throw new AppException('unauthenticated', 'Your session has ended; log in again');
    }
    (req as MemberRequest).member = member;
    return true;
  }
}
