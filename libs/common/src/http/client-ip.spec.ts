import { ipKeyOf } from './client-ip';

describe('ipKeyOf', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(ipKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
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
