import { Logger } from '@nestjs/common';
import { listenerModuleEachTest } from '@app/common/testing';
import { AppException, Clock } from '@app/common';
import { AuthFailed } from '@app/credentials';
import { abuseConfig } from '../abuse.config';
import { IpAllowList } from './ip-allow-list';
import { AbuseEvents } from '../events/abuse-events.service';
import { FailedAuthCounter } from './failed-auth-counter';
import { FailedAuthListener } from './failed-auth.listener';
import { IpBanService } from './ip-ban.service';

const NOW = new Date('2026-03-01T12:00:00Z');

/** The listener as Nest wires it (`@OnEvent` on a real EventEmitter2), its collaborators faked. */
describe('FailedAuthListener', () => {
  const failures = new Map<string, number>();
  let counterDown = false;
  let activeBan: { id: string; ip: string; level: number; expiresAtMs: number } | null = null;
  const bans: Array<{ ipKey: string; failures: number }> = [];
  const recorded: Array<Record<string, unknown>> = [];

  beforeEach(() => {
    failures.clear();
    bans.length = 0;
    recorded.length = 0;
    counterDown = false;
    activeBan = null;
  });
  const listener = listenerModuleEachTest(() => [
    FailedAuthListener,
    {
      provide: FailedAuthCounter,
      useValue: {
        increment: async (ipKey: string) => {
          if (counterDown) throw new Error('counter down');
          failures.set(ipKey, (failures.get(ipKey) ?? 0) + 1);
          return failures.get(ipKey)!;
        },
      },
    },
    {
      provide: IpBanService,
      useValue: {
        activeBan: async () => activeBan,
        ban: async (ipKey: string, count: number) => void bans.push({ ipKey, failures: count }),
      },
    },
    { provide: IpAllowList, useValue: { contains: (ip: string | undefined) => ip === '10.9.9.9' } },
    { provide: AbuseEvents, useValue: { record: (event: Record<string, unknown>) => void recorded.push(event) } },
    { provide: abuseConfig.KEY, useValue: { IP_BAN_MAX_FAILURES: 3 } },
    { provide: Clock, useValue: { now: () => NOW } },
  ]);

  const fail = (ip: string | undefined, userAgent?: string) =>
    listener.emitter.emitAsync(AuthFailed.event, new AuthFailed(ip, '/api/convert', userAgent, 'lc_live_ab…yz'));

  it('is registered for AuthFailed', () => {
    expect(listener.emitter.listeners(AuthFailed.event)).toHaveLength(1);
  });

  it('counts each failure per IP, logs it, and bans the IP at IP_BAN_MAX_FAILURES (awaited by the emitter)', async () => {
    await fail('203.0.113.7', 'curl/8');
    await fail('203.0.113.7');
    expect(bans).toEqual([]);
    await fail('203.0.113.7');
    expect(bans).toEqual([{ ipKey: '203.0.113.7', failures: 3 }]);
    expect(recorded[0]).toEqual({
      type: 'auth_failed',
      ip: '203.0.113.7',
      keyPreview: 'lc_live_ab…yz',
      detail: { path: '/api/convert', failures: 1, user_agent: 'curl/8' },
    });
    expect(recorded.map((event) => (event.detail as { failures: number }).failures)).toEqual([1, 2, 3]);
  });

  it('logs an allow-listed client without counting it, and never counts an unknown client', async () => {
    for (let i = 0; i < 5; i++) await fail('10.9.9.9');
    await fail(undefined);
    expect(failures.size).toBe(0);
    expect(bans).toEqual([]);
    expect(recorded[0]).toMatchObject({ detail: { failures: null, allow_listed: true } });
    expect(recorded).toHaveLength(6);
  });

  it('answers a client banned meanwhile (another instance) with 403 ip_blocked, through the emitter, uncounted', async () => {
    activeBan = { id: 'b1', ip: '203.0.113.8', level: 1, expiresAtMs: NOW.getTime() + 60_000 };
    const refused = await fail('203.0.113.8').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppException);
    expect((refused as AppException).code).toBe('ip_blocked');
    expect(failures.size).toBe(0);
  });

  it('logs a counting failure and does not throw (the answer stays 401)', async () => {
    counterDown = true;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await expect(fail('203.0.113.9')).resolves.toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('counter down'));
    } finally {
      warn.mockRestore();
    }
  });
});
