import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException, Clock } from '@app/common';
import type { Request } from 'express';
import { IpBanService } from './ip-ban.service';

/**
 * First guard of every API route: a banned client gets 403 `ip_blocked` with `Retry-After`, before any
 * credential is looked at (so a banned client cannot keep guessing, and pays nothing but a map lookup).
 */
@Injectable()
export class IpBanGuard implements CanActivate {
  constructor(
    private readonly bans: IpBanService,
    private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const ban = await this.bans.activeBan(req.ip);
    if (!ban) return true;
    throw new AppException(
      'ip_blocked',
      'Too many wrong API credentials came from your network: it is blocked for a while',
      { retryAfterSeconds: Math.max(1, Math.ceil((ban.expiresAtMs - this.clock.now().getTime()) / 1000)) },
    );
  }
}
