import { itReturnsEach } from '@app/common/testing';
import { ipKeyFromInput, ipKeyOf, UNKNOWN_CLIENT } from './ip-key';

describe('ipKeyOf', () => {
  itReturnsEach<string | undefined, string>(ipKeyOf, [
    // IPv4 as it is; IPv4-mapped IPv6 (::ffff:a.b.c.d, or in hex) is the IPv4 address.
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    // Dotted quads read the way ipaddr.js does, with or without the quick path.
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    // Not canonical: parsed by ipaddr.js (a leading zero is octal there), never taken as is.
    ['192.168.010.1', '192.168.8.1'],
    ['1.2.3.256', 'unknown'],
    ['::ffff:1.2.3.256', 'unknown'],
    // IPv6 grouped by its /64.
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    // Anything that is not an address: one key.
    [undefined, UNKNOWN_CLIENT],
    ['', UNKNOWN_CLIENT],
    ['not-an-ip', UNKNOWN_CLIENT],
    ['not an ip', 'unknown'],
    ['<script>', UNKNOWN_CLIENT],
    ['1.2.3.4, 5.6.7.8', UNKNOWN_CLIENT],
    ['300.1.1.1', UNKNOWN_CLIENT],
  ]);

  it('gives each IPv6 /64 its own key', () => {
    expect(ipKeyOf('2001:db8:1:3::1')).not.toBe(ipKeyOf('2001:db8:1:2::1'));
  });
});

describe('ipKeyFromInput', () => {
  itReturnsEach<string, string | null>(ipKeyFromInput, [
    // An address or an IPv6 /64 ...
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    // ... and nothing else.
    ['2001:db8:1:2::/48', null],
    ['10.0.0.0/8', null],
    ['<script>', null],
  ]);
});
