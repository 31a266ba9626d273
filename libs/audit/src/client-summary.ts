import { clientAddress } from '@app/common';
import Bowser from 'bowser';

/**
 * The network a login came from, for "a login from a new address": an IPv4 address's /24 (`203.0.113.0/24`), an
 * IPv6 address's /64 (`2001:db8:1:2::/64`), IPv4-mapped IPv6 as IPv4. A home or office line keeps its /24 or /64
 * while its last octets change (DHCP, privacy addresses), so a member is not told of every renumbering; a login
 * from another provider or country is a new network. `unknown` when there is no valid address.
 */
export function networkOf(ip: string | undefined): string {
  const address = clientAddress(ip);
  if (!address) return 'unknown';
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = address.toNormalizedString().split(':').slice(0, 4);
  return `${parts.map((part) => part.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The address as stored: IPv4-mapped IPv6 as IPv4; null when there is none. */
export function addressOf(ip: string | undefined): string | null {
  return clientAddress(ip)?.toString() ?? null;
}

/**
 * What the log shows of a user agent: browser and major version, and the OS (`Chrome 131 on Windows`), by `bowser`
 * (already used for the click dimensions); for a non-browser client its product token (`curl/8.5.0`), at most
 * 120 characters. Null when none was sent.
 */
export function userAgentSummary(userAgent: string | undefined): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const parsed = Bowser.parse(agent);
  const browser = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  const summary = browser
    ? `${browser}${major ? ` ${major}` : ''}${os ? ` on ${os}` : ''}`
    : (agent.split(/\s/)[0] ?? agent);
  return summary.slice(0, 120);
}

/** A URL as the log keeps it: scheme, host and path; no user info, query or fragment (they may carry a token). */
export function urlSummary(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, 200);
  } catch {
    return '(not a URL)';
  }
}
