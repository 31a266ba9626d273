import ipaddr from 'ipaddr.js';
import { clientAddress } from '@app/common';

/** The key of a client whose address Express could not make out (a proxy misconfiguration): never banned. */
export const UNKNOWN_CLIENT = 'unknown';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const CANONICAL_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/**
 * The throttling and abuse key of a client address (`req.ip`, which honours TRUST_PROXY and nothing else):
 * IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 addresses grouped by their /64 (`2001:db8:1:2::/64`), since
 * one subscriber usually holds a whole /64. `unknown` when there is no valid address.
 */
export function ipKeyOf(ip: string | undefined): string {
  // The usual case, without parsing: a canonical dotted-quad IPv4 address, or one mapped into IPv6.
  if (ip !== undefined) {
    const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (CANONICAL_IPV4.test(v4)) return v4;
  }
  const address = clientAddress(ip);
  if (!address) return UNKNOWN_CLIENT;
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

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
