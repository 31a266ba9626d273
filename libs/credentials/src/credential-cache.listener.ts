import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { MemberChanged, MemberDisabled } from '@app/members';
import { CredentialsRegenerated } from './credential-events';
import { CredentialsService } from './credentials.service';

/**
 * Drops a member's cached credential verifications, here and on every other instance, whenever what a verified
 * pair carries may have changed: the member's plan, role, enabled state or settings (`MemberChanged`), the member
 * disabled (`MemberDisabled`), or their pairs regenerated or revoked (`CredentialsRegenerated`). The emitters
 * await it (`emitAsync`), so the change is in force before they answer. `suppressErrors: false`: a failure
 * reaches the emitter as it did when the callers dropped the cache by hand (`forgetMember` itself never throws:
 * a failed announcement is logged and bounded by CREDENTIAL_CACHE_TTL_MS).
 */
@Injectable()
export class CredentialCacheListener {
  constructor(private readonly credentials: CredentialsService) {}

  @OnEvent(MemberChanged.event, { suppressErrors: false })
  @OnEvent(MemberDisabled.event, { suppressErrors: false })
  @OnEvent(CredentialsRegenerated.event, { suppressErrors: false })
  async forget(event: MemberChanged | MemberDisabled | CredentialsRegenerated): Promise<void> {
    await this.credentials.forgetMember(event.memberId);
  }
}
