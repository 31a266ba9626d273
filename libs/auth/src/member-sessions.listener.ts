import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { MemberDisabled } from '@app/members';
import { SessionsService } from './sessions.service';

/**
 * Ends every session of a member who is disabled (`MemberDisabled`, from the admin pages or the CLI), so a
 * disabled member is logged out everywhere at once. The emitter awaits it (`emitAsync`); `suppressErrors: false`
 * lets a failure reach the admin's request, as it did when the caller ended the sessions itself.
 */
@Injectable()
export class MemberSessionsListener {
  constructor(private readonly sessions: SessionsService) {}

  @OnEvent(MemberDisabled.event, { suppressErrors: false })
  async endSessions(event: MemberDisabled): Promise<void> {
    await this.sessions.endAll(event.memberId);
  }
}
