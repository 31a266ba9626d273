import { Injectable } from '@nestjs/common';
import { PubSub } from '@app/messaging';

/** `PubSub` channel of credential-cache invalidations (its NOTIFY channel is `linkconv_credentials_invalidate`). */
export const INVALIDATION_CHANNEL = 'credentials:invalidate';

/**
 * Tells every instance to drop a member's cached credential verifications (regenerate, revoke, settings,
 * plan or role change, member disabled), so a pair that stopped working is refused everywhere at once, not
 * after CREDENTIAL_CACHE_TTL_MS. A thin user of the `PubSub` port (Redis, else Postgres LISTEN/NOTIFY, else in
 * process): `live` says whether this instance is hearing the others right now; while it is not (the transport
 * down, or not connected yet) the credentials cache is bypassed and every call is verified against the database,
 * so a missed message can never let an old pair through. After every (re)subscription the whole cache is dropped
 * (`onResync`), for the same reason.
 */
@Injectable()
export class CredentialInvalidation {
  private readonly handlers: Array<(memberId: string) => void> = [];

  constructor(private readonly pubsub: PubSub) {
    pubsub.subscribe(INVALIDATION_CHANNEL, (memberId) => {
      for (const handler of this.handlers) handler(memberId);
    });
  }

  /** The transport the invalidations travel on. */
  get transport(): PubSub['transport'] {
    return this.pubsub.transport;
  }

  /** Whether invalidations from other instances reach this one right now (always true in a single process). */
  get live(): boolean {
    return this.pubsub.live;
  }

  /** Called with the member id of every invalidation (from this or another instance). */
  onInvalidate(handler: (memberId: string) => void): void {
    this.handlers.push(handler);
  }

  /** Called after every (re)subscription: messages may have been missed, drop everything. */
  onResync(handler: () => void): void {
    this.pubsub.onResync(handler);
  }

  /** Announces that a member's pairs or principal changed. Never throws: a failure is logged (the TTL bounds it). */
  announce(memberId: string): Promise<void> {
    return this.pubsub.publish(INVALIDATION_CHANNEL, memberId);
  }
}
