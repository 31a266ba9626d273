import { ipKeyOf } from './ip-key';

describe('ipKeyOf', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(ipKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads dotted quads the way ipaddr.js does, with or without the quick path', () => {
    expect(ipKeyOf('0.0.0.0')).toBe('0.0.0.0');
    expect(ipKeyOf('255.255.255.255')).toBe('255.255.255.255');
    expect(ipKeyOf('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    // Not canonical: parsed by ipaddr.js (a leading zero is octal there), never taken as is.
    expect(ipKeyOf('192.168.010.1')).toBe('192.168.8.1');
    expect(ipKeyOf('1.2.3.256')).toBe('unknown');
    expect(ipKeyOf('::ffff:1.2.3.256')).toBe('unknown');
  });

  it('groups IPv6 addresses by /64', () => {
    expect(ipKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(ipKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipKeyOf('2001:db8:1:3::1')).not.toBe(ipKeyOf('2001:db8:1:2::1'));
  });

  it('puts unknown or malformed addresses under one key', () => {
    expect(ipKeyOf(undefined)).toBe('unknown');
    expect(ipKeyOf('not an ip')).toBe('unknown');
  });
});
