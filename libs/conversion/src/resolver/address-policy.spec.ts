import { AddressPolicy } from './address-policy';

describe('AddressPolicy', () => {
  const policy = new AddressPolicy();

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '203.113.131.1',
    '2001:4860:4860::8888',
    '2404:6800:4005:80f::200e',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) =>
    expect(policy.check(address)).toEqual({ allowed: true, range: 'unicast' }),
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::169.254.169.254', 'rfc6052'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['64:ff9b:1::7f00:1', 'rfc6052'],
    ['64:ff9b::808:808', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2002:c0a8:101::', '6to4'],
    ['2002:808:808::1', '6to4'],
    ['2001::1', 'teredo'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['::7f00:1', 'ipv4Compatible'],
    // ipaddr.js reads this spelling as the IPv4-mapped address.
    ['::127.0.0.1', 'loopback'],
    ['[::a9fe:a9fe]', 'ipv4Compatible'],
    ['::a00:1', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['0:0:0:0:0:0:0:2', 'ipv4Compatible'],
  ])('refuses %s (%s)', (address, range) => {
    expect(policy.check(address)).toEqual({ allowed: false, range });
  });

  it.each(['', 'localhost', 'example.com', '999.1.1.1', '::g', 'not an ip'])(
    'refuses the non-address %j',
    (address) => {
      expect(policy.check(address)).toEqual({ allowed: false, range: 'invalid' });
    },
  );

  it('allows exactly the listed exceptions, and nothing else of their range', () => {
    const test = new AddressPolicy(['127.0.0.2']);
    expect(test.check('127.0.0.2').allowed).toBe(true);
    expect(test.check('::ffff:127.0.0.2').allowed).toBe(true);
    for (const address of ['127.0.0.1', '127.0.0.3', '2130706433', '::1', '169.254.169.254', '10.0.0.2']) {
      expect(test.check(address).allowed).toBe(false);
    }
  });
});
