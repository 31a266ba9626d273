import ipaddr from 'ipaddr.js';
import { clientAddress } from '../net/client-address';
import { registerDecorator, ValidationOptions } from 'class-validator';

export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Parses a comma-separated list of IP addresses and CIDR ranges (`203.0.113.7, 10.0.0.0/8, 2001:db8::/48`).
 * A bare address is a /32 (IPv4) or /128 (IPv6) range; IPv4-mapped IPv6 addresses become IPv4.
 * Returns the ranges and the entries that are neither.
 */
export function parseIpList(value: string): { ranges: IpRange[]; invalid: string[] } {
  const ranges: IpRange[] = [];
  const invalid: string[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    try {
      if (entry.includes('/')) {
        const [address, bits] = ipaddr.parseCIDR(entry);
        ranges.push([address, bits]);
      } else {
        const address = ipaddr.process(entry);
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      invalid.push(entry);
    }
  }
  return { ranges, invalid };
}

/** class-validator: a comma-separated list of IP addresses and CIDR ranges (empty allowed). */
export function IsIpList(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIpList',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseIpList(value).invalid.length === 0,
      },
    });
}

/** A comma-separated list of addresses and ranges (a setting such as IP_BAN_ALLOWLIST), matched against `req.ip`. */
export class IpRangeList {
  private readonly ranges: IpRange[];

  constructor(list: string) {
    this.ranges = parseIpList(list).ranges;
  }

  /** Whether the client address (`req.ip`; IPv4-mapped IPv6 counts as IPv4) is in the list. */
  contains(ip: string | undefined): boolean {
    if (this.ranges.length === 0) return false;
    const address = clientAddress(ip);
    if (!address) return false;
    return this.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  }
}
