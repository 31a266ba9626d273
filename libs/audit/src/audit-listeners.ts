import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { MemberLoggedIn } from '@app/auth';
import { CredentialsRegenerated, IntegrationKeyCreated, IntegrationKeyRevoked } from '@app/credentials';
import { MemberChanged, MemberDisabled, PasswordChanged } from '@app/members';
import { WebhookEndpointChanged, WebhookEndpointDisabled } from '@app/webhooks';
import type { AuditAction } from './audit-actions';
import type { AuditActor } from './audit-entry.entity';
import { AuditContext } from './audit-context';
import { AuditLog } from './audit-log.service';
import { urlSummary } from './client-summary';

/** `suppressErrors: false`: a failed write fails the action's request (an action is never left unaudited silently). */
const AWAITED = { suppressErrors: false } as const;

/**
 * Turns the other libs' domain events into audit entries. The events carry ids and names only (never a token, a
 * secret or a setting's value), and so do the entries; the actor, address and user agent come from the request the
 * event was emitted in (`AuditContext`): the member themself (session or key), an admin acting on the member's
 * account from the console, or, outside any request, the service.
 */
@Injectable()
export class AuditListeners {
  constructor(
    private readonly log: AuditLog,
    private readonly context: AuditContext,
  ) {}

  private who(memberId: string): { actor: AuditActor; actorId: string | null; ip?: string; userAgent?: string } {
    const req = this.context.request();
    if (!req) return { actor: 'system', actorId: null };
    const actingId = req.principal?.memberId ?? req.session?.memberId ?? null;
    const actor: AuditActor = actingId && actingId !== memberId ? 'admin' : 'member';
    return { actor, actorId: actingId ?? memberId, ip: req.ip, userAgent: req.get('user-agent') };
  }

  private record(
    memberId: string,
    action: AuditAction,
    target: string | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return this.log.record({ memberId, action, target, details, ...this.who(memberId) });
  }

  @OnEvent(MemberLoggedIn.event, AWAITED)
  async loggedIn(event: MemberLoggedIn): Promise<void> {
    const isNew = await this.log.noteLoginNetwork(event.memberId, event.ip);
    if (event.how === 'login' && !isNew) return;
    await this.log.record({
      memberId: event.memberId,
      action: event.how === 'sign-up' ? 'account.created' : 'login.new_address',
      actor: 'member',
      actorId: event.memberId,
      ip: event.ip,
      userAgent: event.userAgent,
    });
  }

  @OnEvent(PasswordChanged.event, AWAITED)
  passwordChanged(event: PasswordChanged): Promise<void> {
    return this.record(event.memberId, 'password.changed', null);
  }

  @OnEvent(CredentialsRegenerated.event, AWAITED)
  regenerated(event: CredentialsRegenerated): Promise<void> {
    return this.record(event.memberId, 'credentials.regenerated', event.keyPreview, {
      grace_seconds: event.graceSeconds,
    });
  }

  @OnEvent(IntegrationKeyCreated.event, AWAITED)
  keyCreated(event: IntegrationKeyCreated): Promise<void> {
    return this.record(event.memberId, 'key.created', event.keyId, {
      name: event.name,
      key_preview: event.keyPreview,
      scopes: [...event.scopes],
    });
  }

  @OnEvent(IntegrationKeyRevoked.event, AWAITED)
  keyRevoked(event: IntegrationKeyRevoked): Promise<void> {
    return this.record(event.memberId, 'key.revoked', event.keyId, { key_preview: event.keyPreview });
  }

  @OnEvent(MemberChanged.event, AWAITED)
  async memberChanged(event: MemberChanged): Promise<void> {
    if (event.changes.includes('settings')) {
      const fields = [...event.fields];
      const action = fields.some((name) => name.startsWith('secrets.')) ? 'secrets.saved' : 'settings.saved';
      await this.record(event.memberId, action, null, { fields });
    }
    const others = event.changes.filter((change) => change !== 'settings');
    if (others.length > 0) await this.record(event.memberId, 'member.changed', null, { fields: others });
  }

  @OnEvent(MemberDisabled.event, AWAITED)
  memberDisabled(event: MemberDisabled): Promise<void> {
    return this.record(event.memberId, 'member.disabled', null);
  }

  @OnEvent(WebhookEndpointChanged.event, AWAITED)
  endpointChanged(event: WebhookEndpointChanged): Promise<void> {
    const action: AuditAction = `webhook.${event.change}`;
    return this.record(event.memberId, action, event.endpointId, {
      url: urlSummary(event.url),
      ...(event.change === 'updated' ? { fields: [...event.fields] } : {}),
    });
  }

  @OnEvent(WebhookEndpointDisabled.event, AWAITED)
  endpointDisabled(event: WebhookEndpointDisabled): Promise<void> {
    return this.record(event.memberId, 'webhook.disabled', event.endpointId, {
      url: urlSummary(event.url),
      reason: event.reason,
    });
  }
}
