import { itReturnsEach } from '@app/common/testing';
import { MemberLoggedIn } from '@app/auth';
import { IntegrationKeyCreated } from '@app/credentials';
import { MemberChanged } from '@app/members';
import { WebhookEndpointChanged, WebhookEndpointDisabled } from '@app/webhooks';
import { AuditContext } from './audit-context';
import { AuditListeners } from './audit-listeners';
import type { AuditLog, AuditRecord } from './audit-log.service';
import { decodeCursor, encodeCursor } from './audit-log.service';
import { networkOf, urlSummary, userAgentSummary } from './client-summary';

const MEMBER = '11111111-1111-4111-8111-111111111111';
const ADMIN = '22222222-2222-4222-8222-222222222222';

function setUp(newNetwork = true) {
  const recorded: AuditRecord[] = [];
  const log = {
    record: async (entry: AuditRecord) => void recorded.push(entry),
    noteLoginNetwork: async () => newNetwork,
  } as unknown as AuditLog;
  const context = new AuditContext();
  return { recorded, context, listeners: new AuditListeners(log, context) };
}

const request = (sessionMemberId: string) => ({
  ip: '198.51.100.7',
  get: (name: string) => (name === 'user-agent' ? 'curl/8.5.0' : undefined),
  session: { memberId: sessionMemberId },
});

describe('AuditListeners', () => {
  it('records the member as actor, with the request’s address and agent, and names only', async () => {
    const { recorded, context, listeners } = setUp();
    await context.run(request(MEMBER), () =>
      listeners.keyCreated(new IntegrationKeyCreated(MEMBER, 'key-1', 'sk_ab…cd', 'ERP', ['analytics:read'])),
    );
    expect(recorded).toEqual([
      {
        memberId: MEMBER,
        action: 'key.created',
        target: 'key-1',
        details: { name: 'ERP', key_preview: 'sk_ab…cd', scopes: ['analytics:read'] },
        actor: 'member',
        actorId: MEMBER,
        ip: '198.51.100.7',
        userAgent: 'curl/8.5.0',
      },
    ]);
  });

  it('names an admin acting on another member’s account, and the service outside any request', async () => {
    const { recorded, context, listeners } = setUp();
    await context.run(request(ADMIN), () => listeners.memberChanged(new MemberChanged(MEMBER, ['plan'])));
    await listeners.endpointDisabled(new WebhookEndpointDisabled(MEMBER, 'ep-1', 'https://x.example/h?t=1', 'failed'));
    expect(recorded.map((entry) => [entry.action, entry.actor, entry.actorId])).toEqual([
      ['member.changed', 'admin', ADMIN],
      ['webhook.disabled', 'system', null],
    ]);
    expect(recorded[1].details).toEqual({ url: 'https://x.example/h', reason: 'failed' });
  });

  it('a request that is over is no context (work it started in the background acts as the service)', async () => {
    const { recorded, context, listeners } = setUp();
    let later: Promise<void> = Promise.resolve();
    context.run(request(MEMBER), (close) => {
      later = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        listeners.endpointChanged(new WebhookEndpointChanged(MEMBER, 'ep-2', 'created', 'https://x.example/')),
      );
      close();
    });
    await later;
    expect(recorded[0]).toMatchObject({ action: 'webhook.created', actor: 'system', actorId: null });
  });

  it('tells secrets saved from other settings by their names, never a value', async () => {
    const { recorded, listeners } = setUp();
    await listeners.memberChanged(new MemberChanged(MEMBER, ['settings'], ['affiliate_id']));
    await listeners.memberChanged(new MemberChanged(MEMBER, ['settings'], ['secrets.bitly_token']));
    expect(recorded.map((entry) => [entry.action, entry.details])).toEqual([
      ['settings.saved', { fields: ['affiliate_id'] }],
      ['secrets.saved', { fields: ['secrets.bitly_token'] }],
    ]);
  });

  it('records a sign-up always, a login only from a new network', async () => {
    const known = setUp(false);
    await known.listeners.loggedIn(new MemberLoggedIn(MEMBER, '203.0.113.9', undefined, 'login'));
    expect(known.recorded).toEqual([]);
    await known.listeners.loggedIn(new MemberLoggedIn(MEMBER, '203.0.113.9', undefined, 'sign-up'));
    const fresh = setUp(true);
    await fresh.listeners.loggedIn(new MemberLoggedIn(MEMBER, '203.0.113.9', 'x', 'login'));
    expect([...known.recorded, ...fresh.recorded].map((entry) => entry.action)).toEqual([
      'account.created',
      'login.new_address',
    ]);
  });
});

describe('the audit log’s helpers', () => {
  // Addresses grouped by /24 (IPv4) and /64 (IPv6).
  itReturnsEach(networkOf, [
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:1:2:aaaa::5', '2001:db8:1:2::/64'],
    ['2001:0db8:0000:0002::5', '2001:db8:0:2::/64'],
    [undefined, 'unknown'],
  ]);

  it('summarises user agents and strips URLs of what may carry a token', () => {
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows');
    expect(userAgentSummary('curl/8.5.0')).toBe('curl/8.5.0');
    expect(userAgentSummary('')).toBeNull();
    expect(urlSummary('https://user:pw@partner.example/hook?token=abc#x')).toBe('https://partner.example/hook');
  });

  it('round-trips a cursor and refuses one it did not make', () => {
    const cursor = encodeCursor({ created_at: '2026-11-28T10:00:00.000Z', id: '42' });
    expect(decodeCursor(cursor)).toEqual({ createdAt: new Date('2026-11-28T10:00:00.000Z'), id: '42' });
    expect(() => decodeCursor(Buffer.from('x|y').toString('base64url'))).toThrow('cursor');
  });
});
