import { ConfigError, loadConfig } from '@app/common';
import { ipKeyFromInput, ipKeyOf, UNKNOWN_CLIENT } from '../ip-key';
import { messagingConfig } from '@app/messaging';
import { loadNamespace } from '@app/common/testing';
import { AbuseConfig, abuseConfig } from '../abuse.config';
import { IpAllowList } from './ip-allow-list';

describe('ipKeyOf', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(ipKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('treats IPv4-mapped IPv6 (::ffff:a.b.c.d) as the IPv4 address', () => {
    expect(ipKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKeyOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64', () => {
    expect(ipKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(ipKeyOf('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(ipKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(ipKeyOf('::1')).toBe('::/64');
  });

  it('gives "unknown" for anything that is not an address', () => {
    for (const junk of [undefined, '', 'not-an-ip', '<script>', '1.2.3.4, 5.6.7.8', '300.1.1.1']) {
      expect(ipKeyOf(junk)).toBe(UNKNOWN_CLIENT);
    }
  });
});

describe('ipKeyFromInput', () => {
  it('accepts an address or an IPv6 /64, and refuses the rest', () => {
    expect(ipKeyFromInput(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(ipKeyFromInput('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKeyFromInput('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(ipKeyFromInput('2001:db8:1:2::/64')).toBe('2001:db8:1:2::/64');
    expect(ipKeyFromInput('2001:db8:1:2::/48')).toBeNull();
    expect(ipKeyFromInput('10.0.0.0/8')).toBeNull();
    expect(ipKeyFromInput('<script>')).toBeNull();
  });
});

describe('IpAllowList', () => {
  const allowList = (value: string) => new IpAllowList(loadNamespace(abuseConfig, { IP_BAN_ALLOWLIST: value }));

  it('matches addresses and CIDR ranges of both families, mapped IPv4 included', () => {
    const list = allowList('192.0.2.10, 198.51.100.0/24, 2001:db8:aa::/48');
    expect(list.contains('192.0.2.10')).toBe(true);
    expect(list.contains('::ffff:192.0.2.10')).toBe(true);
    expect(list.contains('192.0.2.11')).toBe(false);
    expect(list.contains('198.51.100.200')).toBe(true);
    expect(list.contains('2001:db8:aa:5::1')).toBe(true);
    expect(list.contains('2001:db8:ab::1')).toBe(false);
    expect(list.contains('junk')).toBe(false);
    expect(list.contains(undefined)).toBe(false);
  });

  it('is empty by default', () => {
    expect(new IpAllowList(new AbuseConfig()).contains('127.0.0.1')).toBe(false);
  });
});

describe('abuse settings', () => {
  it('have the documented defaults', () => {
    const loaded = loadConfig({}, [messagingConfig, abuseConfig]);
    expect({
      ...loaded.get(abuseConfig),
      REDIS_KEY_PREFIX: loaded.get(messagingConfig).REDIS_KEY_PREFIX,
    }).toMatchObject({
      RATE_LIMIT_WINDOW_SECONDS: 60,
      RATE_LIMIT_FREE_PER_KEY: 60,
      RATE_LIMIT_FREE_PER_MEMBER: 120,
      RATE_LIMIT_PRO_PER_KEY: 600,
      RATE_LIMIT_PRO_PER_MEMBER: 1200,
      IP_BAN_MAX_FAILURES: 10,
      IP_BAN_FAILURE_WINDOW_MINUTES: 10,
      IP_BAN_BASE_MINUTES: 15,
      IP_BAN_MAX_MINUTES: 1440,
      IP_BAN_REPEAT_LOOKBACK_HOURS: 168,
      IP_BAN_ALLOWLIST: '',
      REDIS_KEY_PREFIX: 'linkconv:',
      ABUSE_EVENTS_FLUSH_INTERVAL_MS: 1000,
    });
  });

  it('refuse bad values with a message naming them', () => {
    let error: unknown;
    try {
      loadConfig({ IP_BAN_ALLOWLIST: '10.0.0.0/8, nonsense', RATE_LIMIT_FREE_PER_KEY: '0', REDIS_KEY_PREFIX: 'a b' }, [
        messagingConfig,
        abuseConfig,
      ]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/IP_BAN_ALLOWLIST/);
    expect(problems).toMatch(/RATE_LIMIT_FREE_PER_KEY/);
    expect(problems).toMatch(/REDIS_KEY_PREFIX/);
  });
});
