import { Injectable, Inject } from '@nestjs/common';
import { ipKeyOf, IpRangeList } from '@app/common';
import ipaddr from 'ipaddr.js';
import { abuseConfig, AbuseConfig } from './abuse.config';

export { clientAddress, ipKeyOf, UNKNOWN_CLIENT } from '@app/common';

/**
 * What an admin typed to name a banned client: an address (`203.0.113.7`, `2001:db8:1:2::9`) or an IPv6 /64
 * (`2001:db8:1:2::/64`). Returns the abuse key, or null when it is neither.
 */
export function ipKeyFromInput(input: string): string | null {
  const value = input.trim();
  if (value.endsWith('/64') && !value.includes('.')) {
    try {
      const [address] = ipaddr.IPv6.parseCIDR(value);
      return ipKeyOf(address.toString());
    } catch {
      return null;
    }
  }
  return ipaddr.isValid(value) ? ipKeyOf(value) : null;
}

/** IP_BAN_ALLOWLIST: addresses and ranges that are never counted nor banned. */
@Injectable()
export class IpAllowList extends IpRangeList {
  constructor(@Inject(abuseConfig.KEY) config: AbuseConfig) {
    super(config.IP_BAN_ALLOWLIST);
  }
}
