import { Injectable, Logger, Inject } from '@nestjs/common';
import { Clock } from '@app/common';
import { CredentialFailureListener } from '@app/credentials';
import type { Request } from 'express';
import { IpAllowList, ipKeyOf, UNKNOWN_CLIENT } from '../client-ip';
import { AbuseEvents } from '../events/abuse-events.service';
import { FailedAuthCounter } from './failed-auth-counter';
import { ipBlockedException } from './ip-ban.guard';
import { IpBanService } from './ip-ban.service';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/**
 * Told by `ApiCredentialsGuard` about every wrong key/token pair (before its 401 goes out): logs an
 * `auth_failed` event, counts the failure against the client's IP (IPv6: its /64), and bans the IP once
 * IP_BAN_MAX_FAILURES are reached within the window. Allow-listed clients are logged but never counted.
 * Never throws but for a client banned meanwhile (403 `ip_blocked`): a counting problem must not turn a 401
 * into a 500.
 */
@Injectable()
export class FailedAuthListener extends CredentialFailureListener {
  private readonly logger = new Logger(FailedAuthListener.name);

  constructor(
    private readonly counter: FailedAuthCounter,
    private readonly bans: IpBanService,
    private readonly allowList: IpAllowList,
    private readonly events: AbuseEvents,
    @Inject(abuseConfig.KEY) private readonly config: AbuseConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  async onInvalidCredentials(req: Request, keyPreview: string | null): Promise<void> {
    // A ban only another instance knows of yet (Redis): the client gets its 403, and the pair is not counted.
    const ban = await this.bans.activeBan(req.ip).catch(() => null);
    if (ban) throw ipBlockedException(ban, this.clock.now().getTime());
    try {
      const ipKey = ipKeyOf(req.ip);
      const allowListed = this.allowList.contains(req.ip);
      const countable = !allowListed && ipKey !== UNKNOWN_CLIENT;
      const failures = countable ? await this.counter.increment(ipKey) : null;
      const userAgent = req.headers['user-agent'];
      this.events.record({
        type: 'auth_failed',
        ip: req.ip,
        keyPreview,
        detail: {
          path: req.path,
          failures,
          ...(allowListed ? { allow_listed: true } : {}),
          ...(typeof userAgent === 'string' ? { user_agent: userAgent.slice(0, 200) } : {}),
        },
      });
      if (failures !== null && failures >= this.config.IP_BAN_MAX_FAILURES) await this.bans.ban(ipKey, failures);
    } catch (error) {
      this.logger.warn(`Could not count a failed authentication: ${(error as Error).message}`);
    }
  }
}
