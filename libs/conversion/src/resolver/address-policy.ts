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
 * the IPv6 ranges that embed an IPv4 address, whatever that address (6to4 `2002::/16`, Teredo, NAT64
 * `64:ff9b::/96` and `64:ff9b:1::/48`, SIIT `::ffff:0:0:0/96`, and the deprecated IPv4-compatible `::/96`): a
 * marketplace never needs them, and a gateway would carry the connection to the embedded, maybe internal, address.
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
    const range = rangeOf(parsed);
    return { allowed: range === 'unicast' || this.exceptions.has(canonical(parsed)), range };
  }
}

/** Deprecated IPv4-compatible IPv6 (RFC 4291 2.5.5.1): `::a.b.c.d`, e.g. `::7f00:1`; ipaddr.js calls it unicast. */
const IPV4_COMPATIBLE: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('::'), 96];

/** ipaddr.js's range name, and `ipv4Compatible` for `::/96` (but `::` and `::1`, which keep their own names). */
function rangeOf(address: Address): string {
  const range = address.range();
  if (range === 'unicast' && address.kind() === 'ipv6' && (address as ipaddr.IPv6).match(IPV4_COMPATIBLE)) {
    return 'ipv4Compatible';
  }
  return range;
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
