import { Injectable, Logger, Inject } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { Clock } from '@app/common';
import { ipKeyOf, UNKNOWN_CLIENT } from '../ip-key';
import { AuthFailed } from '@app/credentials';
import { IpAllowList } from './ip-allow-list';
import { AbuseEvents } from '../events/abuse-events.service';
import { FailedAuthCounter } from './failed-auth-counter';
import { ipBlockedException } from './ip-ban.guard';
import { IpBanService } from './ip-ban.service';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/**
 * Hears `AuthFailed`, which `ApiCredentialsGuard` emits for every wrong key/token pair and awaits before its 401
 * goes out (so a ban applies to the very next call): logs an
 * `auth_failed` event, counts the failure against the client's IP (IPv6: its /64), and bans the IP once
 * IP_BAN_MAX_FAILURES are reached within the window. Allow-listed clients are logged but never counted.
 * Never throws but for a client banned meanwhile (403 `ip_blocked`, which the guard answers with): a counting
 * problem must not turn a 401 into a 500. `suppressErrors: false` lets that 403 reach the guard.
 */
@Injectable()
export class FailedAuthListener {
  private readonly logger = new Logger(FailedAuthListener.name);

  constructor(
    private readonly counter: FailedAuthCounter,
    private readonly bans: IpBanService,
    private readonly allowList: IpAllowList,
    private readonly events: AbuseEvents,
    @Inject(abuseConfig.KEY) private readonly config: AbuseConfig,
    private readonly clock: Clock,
  ) {}

  @OnEvent(AuthFailed.event, { suppressErrors: false })
  async onAuthFailed(failure: AuthFailed): Promise<void> {
    // A ban only another instance knows of yet (Redis): the client gets its 403, and the pair is not counted.
    const ban = await this.bans.activeBan(failure.ip).catch(() => null);
    if (ban) throw ipBlockedException(ban, this.clock.now().getTime());
    try {
      const ipKey = ipKeyOf(failure.ip);
      const allowListed = this.allowList.contains(failure.ip);
      const countable = !allowListed && ipKey !== UNKNOWN_CLIENT;
      const failures = countable ? await this.counter.increment(ipKey) : null;
      this.events.record({
        type: 'auth_failed',
        ip: failure.ip,
        keyPreview: failure.keyPreview,
        detail: {
          path: failure.path,
          failures,
          ...(allowListed ? { allow_listed: true } : {}),
          ...(failure.userAgent !== undefined ? { user_agent: failure.userAgent.slice(0, 200) } : {}),
        },
      });
      if (failures !== null && failures >= this.config.IP_BAN_MAX_FAILURES) await this.bans.ban(ipKey, failures);
    } catch (error) {
      this.logger.warn(`Could not count a failed authentication: ${(error as Error).message}`);
    }
  }
}
