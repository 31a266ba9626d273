import type { Member } from '@app/members';
import type { Request } from 'express';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Set once logged in. */
    memberId: string;
    /** The member's `session_version` at login: a session of an older version is refused. */
    sessionVersion: number;
    /** When the member logged in (ms since the epoch). */
    authenticatedAt: number;
    /** The synchronizer token every state-changing account and admin request must echo in X-CSRF-Token. */
    csrfToken: string;
  }
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'lc_sid';

/** A request that passed `SessionAuthGuard`: the logged-in member, freshly loaded. */
export type MemberRequest = Request & { member: Member };
