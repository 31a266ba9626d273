import { loadConfig } from '@app/common';
import { messagingConfig } from '@app/messaging';
import { configProblems, loadNamespace } from '@app/common/testing';
import { AbuseConfig, abuseConfig } from '../abuse.config';
import { IpAllowList } from './ip-allow-list';

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
    const env = { IP_BAN_ALLOWLIST: '10.0.0.0/8, nonsense', RATE_LIMIT_FREE_PER_KEY: '0', REDIS_KEY_PREFIX: 'a b' };
    const problems = configProblems(() => loadConfig(env, [messagingConfig, abuseConfig])).join('\n');
    expect(problems).toMatch(/IP_BAN_ALLOWLIST/);
    expect(problems).toMatch(/RATE_LIMIT_FREE_PER_KEY/);
    expect(problems).toMatch(/REDIS_KEY_PREFIX/);
  });
});
