import { ModulesContainer } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { MemberLoggedIn } from '@app/auth';
import { AuthFailed, IntegrationKeyCreated, IntegrationKeyRevoked } from '@app/credentials';
import { MemberChanged, MemberDisabled, PasswordChanged } from '@app/members';
import { ShortLinksModule } from '@app/shortlinks';
import { WebhookEndpointChanged, WebhookEndpointDisabled } from '@app/webhooks';
import { testAppForSuite } from '../support/test-app';

/**
 * The wiring of the domain events in the booted api (docs/architecture.md, "Domain events"): a listener left out
 * (the abuse module not imported, the credentials lib's cache listener not provided) would not fail a request, it
 * would quietly stop IP bans or cache invalidation. So its presence is asserted here.
 */
describe('domain events in the api app', () => {
  const t = testAppForSuite();

  it('has a listener for failed authentications (the abuse lib counts them and bans)', () => {
    expect(t.app.get(EventEmitter2).listeners(AuthFailed.event).length).toBeGreaterThanOrEqual(1);
  });

  it('has a listener for member changes and disabling (the credentials lib drops its cache)', () => {
    const emitter = t.app.get(EventEmitter2);
    expect(emitter.listeners(MemberChanged.event).length).toBeGreaterThanOrEqual(1);
    // The credential cache and the member's sessions.
    expect(emitter.listeners(MemberDisabled.event).length).toBeGreaterThanOrEqual(2);
  });

  it('has the audit log’s listener for every account action it records (libs/audit)', () => {
    const emitter = t.app.get(EventEmitter2);
    for (const event of [
      MemberLoggedIn,
      PasswordChanged,
      IntegrationKeyCreated,
      IntegrationKeyRevoked,
      WebhookEndpointChanged,
      WebhookEndpointDisabled,
    ]) {
      expect({ event: event.event, listeners: emitter.listeners(event.event).length }).toEqual({
        event: event.event,
        listeners: 1,
      });
    }
  });

  it('runs one short-links module, shared by the root and the conversion module (same forRoot options)', () => {
    const instances = [...t.app.get(ModulesContainer).values()].filter((ref) => ref.metatype === ShortLinksModule);
    expect(instances).toHaveLength(1);
  });
});
