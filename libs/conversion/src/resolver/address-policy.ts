import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name ('unicast', 'loopback', 'private', 'linkLocal', 'carrierGradeNat', ...), or 'invalid'. */
  range: string;
}

/**
 * Which resolved addresses the short-link resolver may connect to: public unicast only. Refused: loopback,
 * private (RFC 1918, IPv6 unique-local), link-local (incl. the 169.254.169.254 metadata service), carrier-grade
 * NAT (incl. 100.100.100.200), multicast, broadcast, unspecified, reserved/documentation/benchmarking ranges, and
 * the IPv6 ranges that embed an IPv4 address (6to4, Teredo, NAT64), whose embedded address is not checked.
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it maps; any IPv4 spelling ipaddr.js
 * accepts (`2130706433`, `0x7f000001`) is judged as the address it means.
 *
 * `exceptions` lists exact addresses to allow anyway: tests use it to reach a fake server on 127.0.0.2 while
 * every other address of the blocked ranges stays refused. Production passes none.
 */
export class AddressPolicy {
  private readonly exceptions: ReadonlySet<string>;

  constructor(exceptions: readonly string[] = []) {
    this.exceptions = new Set(exceptions.map((address) => canonical(parse(address)!)));
  }

  check(address: string): AddressVerdict {
    const parsed = parse(address);
    if (!parsed) return { allowed: false, range: 'invalid' };
    const range = parsed.range();
    return { allowed: range === 'unicast' || this.exceptions.has(canonical(parsed)), range };
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function parse(address: string): Address | null {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

function canonical(address: Address): string {
  return `${address.kind()}:${address.toNormalizedString()}`;
}
