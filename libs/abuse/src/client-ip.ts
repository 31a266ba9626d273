import { Injectable } from '@nestjs/common';
import { AppConfig, clientAddress, ipKeyOf, parseIpList, type IpRange } from '@app/common';
import ipaddr from 'ipaddr.js';

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
export class IpAllowList {
  private readonly ranges: IpRange[];

  constructor(config: AppConfig) {
    this.ranges = parseIpList(config.IP_BAN_ALLOWLIST).ranges;
  }

  /** Whether the client address (`req.ip`) is in the allow-list. */
  contains(ip: string | undefined): boolean {
    if (this.ranges.length === 0) return false;
    const address = clientAddress(ip);
    if (!address) return false;
    return this.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  }
}
