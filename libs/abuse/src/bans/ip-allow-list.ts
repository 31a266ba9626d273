import { Inject, Injectable } from '@nestjs/common';
import { IpRangeList } from '@app/common';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/** IP_BAN_ALLOWLIST: addresses and ranges that are never counted nor banned. */
@Injectable()
export class IpAllowList extends IpRangeList {
  constructor(@Inject(abuseConfig.KEY) config: AbuseConfig) {
    super(config.IP_BAN_ALLOWLIST);
  }
}
