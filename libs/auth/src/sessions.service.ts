import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Clock } from '@app/common';
import type { Member } from '@app/members';
import type { Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MemberLoggedIn } from './auth-events';
import { PgSessionStore } from './pg-session-store';
import { SESSION_COOKIE } from './session-data';

function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

function call(action: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => action((error) => (error ? reject(error) : resolve())));
}

/** Same length and same bytes, compared in constant time. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Starting, ending and inspecting sessions; the one place that knows what a session holds. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly store: PgSessionStore,
    private readonly clock: Clock,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * Logs the member in on this request: a new session id (the pre-login session is destroyed: no fixation),
   * a new CSRF token, saved before the response. A login or the sign-up's own first session (`how`) then emits
   * `MemberLoggedIn` and waits for its listeners; a session renewed for a member already in (after a password
   * change) does not. Returns the CSRF token for the client.
   */
  async start(req: Request, member: Member, how: MemberLoggedIn['how'] | 'renewed'): Promise<string> {
    await call((done) => req.session.regenerate(done));
    req.session.memberId = member.id;
    req.session.sessionVersion = member.sessionVersion;
    req.session.authenticatedAt = this.clock.now().getTime();
    req.session.csrfToken = newCsrfToken();
    await call((done) => req.session.save(done));
    if (how !== 'renewed') {
      await this.events.emitAsync(
        MemberLoggedIn.event,
        new MemberLoggedIn(member.id, req.ip, req.get('user-agent'), how),
      );
    }
    return req.session.csrfToken;
  }

  /** Ends this request's session (row deleted, cookie cleared). */
  async end(req: Request, res: Response): Promise<void> {
    if (req.session) await call((done) => req.session.destroy(done));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
  }

  /** Ends every session of the member, on every instance (their rows are deleted). */
  endAll(memberId: string): Promise<void> {
    return this.store.destroyMember(memberId);
  }

  /**
   * The CSRF token of a logged-in member's session (made when the session has none). Anonymous visitors get
   * theirs from `PreLoginCsrf`, which stores nothing.
   */
  async csrfToken(req: Request): Promise<string> {
    if (!req.session.memberId) throw new Error('csrfToken needs a logged-in session');
    if (!req.session.csrfToken) {
      req.session.csrfToken = newCsrfToken();
      await call((done) => req.session.save(done));
    }
    return req.session.csrfToken;
  }
}
