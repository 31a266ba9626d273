import ipaddr from 'ipaddr.js';

/** `req.ip` as an address: IPv4-mapped IPv6 (`::ffff:a.b.c.d`) becomes IPv4. Null when it is not an address. */
export function clientAddress(ip: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  return ipaddr.process(ip);
}
