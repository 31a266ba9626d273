import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException, Clock } from '@app/common';
import type { Request } from 'express';
import { type ActiveBan, IpBanService } from './ip-ban.service';

/** The 403 `ip_blocked` for a client under `ban`, with `Retry-After`. */
export function ipBlockedException(ban: ActiveBan, nowMs: number): AppException {
  return new AppException(
    'ip_blocked',
    'Too many wrong API credentials came from your network: it is blocked for a while',
    { retryAfterSeconds: Math.max(1, Math.ceil((ban.expiresAtMs - nowMs) / 1000)) },
  );
}

/**
 * First guard of every API route: a client this instance knows to be banned gets 403 `ip_blocked` with
 * `Retry-After`, before any credential is looked at (so a banned client cannot keep guessing, and pays nothing
 * but a map lookup). A ban only another instance knows of (Redis) is read in the same round trip as the rate-limit
 * counters (`ApiThrottlerGuard`), and before a wrong pair is counted (`FailedAuthListener`).
 */
@Injectable()
export class IpBanGuard implements CanActivate {
  constructor(
    private readonly bans: IpBanService,
    private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const ban = this.bans.localBanOf(req.ip);
    if (!ban) return true;
    throw ipBlockedException(ban, this.clock.now().getTime());
  }
}
