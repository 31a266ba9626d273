import { parse } from 'tldts';

export type DomainNameResult = { ok: true; domain: string } | { ok: false; reason: string };

/**
 * A custom domain as the member typed it, normalised: lower-case ASCII (punycode), no scheme, path, port or
 * trailing dot; a real host name under an ICANN public suffix with at least one label of its own
 * (`go.example.com`, `example.vn`); never an IP address, a bare suffix or one of `reserved` (our own hosts).
 */
export function normalizeCustomDomain(input: string, reserved: readonly string[] = []): DomainNameResult {
  const raw = input.trim();
  if (raw.length === 0 || raw.length > 253) return { ok: false, reason: 'Enter a domain name such as go.example.com' };
  if (/[\s/?#@:\\]/.test(raw.replace(/^https?:\/\//i, '').replace(/\/$/, ''))) {
    return { ok: false, reason: 'Enter the domain name only, without a path or port (go.example.com)' };
  }
  let hostname: string;
  try {
    hostname = new URL(`http://${raw.replace(/^https?:\/\//i, '').replace(/\/$/, '')}`).hostname;
  } catch {
    return { ok: false, reason: 'This is not a valid domain name' };
  }
  hostname = hostname.replace(/\.$/, '').toLowerCase();
  const info = parse(hostname);
  if (info.isIp) return { ok: false, reason: 'An IP address cannot be a custom domain' };
  if (!info.domain || !info.isIcann || !info.publicSuffix || hostname.length > 253) {
    return { ok: false, reason: 'This is not a registrable domain name' };
  }
  if (
    !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hostname) ||
    hostname.split('.').some((l) => l.length > 63 || /^-|-$/.test(l))
  ) {
    return { ok: false, reason: 'This is not a valid domain name' };
  }
  if (reserved.some((host) => host === hostname || hostname.endsWith(`.${host}`))) {
    return { ok: false, reason: 'This domain belongs to the service' };
  }
  return { ok: true, domain: hostname };
}
