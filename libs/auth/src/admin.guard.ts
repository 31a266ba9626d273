import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import type { MemberRequest } from './session-data';

/** After `SessionAuthGuard`: only members with the `admin` role (403 `forbidden` otherwise). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Partial<MemberRequest>>();
    if (req.member?.role !== 'admin') throw new AppException('forbidden', 'This needs an admin account');
    return true;
  }
}
