import { Inject, Injectable } from '@nestjs/common';
import { ipKeyOf, UNKNOWN_CLIENT } from '../ip-key';
import { abuseConfig, AbuseConfig } from '../abuse.config';
import { banDurationSeconds } from './ban-duration';
import { IpAllowList } from './ip-allow-list';

/**
 * Who may be banned and for how long: the client key of an address (allow-listed and unknown clients are never
 * banned), the duration of a client's next ban (longer for each earlier ban within the look-back) and that
 * look-back. No state, no I/O.
 */
@Injectable()
export class BanPolicy {
  constructor(
    private readonly allowList: IpAllowList,
    @Inject(abuseConfig.KEY) private readonly config: AbuseConfig,
  ) {}

  /** The ban key of a client address (`req.ip`), or null when the client is never banned. */
  banKeyOf(ip: string | undefined): string | null {
    if (this.allowList.contains(ip)) return null;
    const key = ipKeyOf(ip);
    return key === UNKNOWN_CLIENT ? null : key;
  }

  /** Earlier bans since this moment make the next one longer (bans an admin lifted do not count). */
  lookbackStart(now: Date): Date {
    return new Date(now.getTime() - this.config.IP_BAN_REPEAT_LOOKBACK_HOURS * 3_600_000);
  }

  /** The duration of a ban given the number of earlier bans within the look-back (`level`). */
  durationSeconds(level: number): number {
    return banDurationSeconds(level, this.config.IP_BAN_BASE_MINUTES, this.config.IP_BAN_MAX_MINUTES);
  }
}
