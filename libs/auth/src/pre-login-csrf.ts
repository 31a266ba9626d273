import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@app/common';
import type { CookieOptions, Request, Response } from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from './session-data';
import { sameToken } from './sessions.service';
import { authConfig, AuthConfig } from './auth.config';

/** The session cookie's attributes, for express-session and for the pre-login cookie alike. */
export function sessionCookieOptions(config: AuthConfig): {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean | 'auto';
  path: '/';
  maxAge: number;
} {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    maxAge: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
  };
}

/** A pre-login id: 256 random bits, `~`, and when it was made (ms since the epoch, base 36). */
const PRE_LOGIN_ID = /^([A-Za-z0-9_-]{43})~([0-9a-z]{1,12})$/;

/**
 * The CSRF token of an anonymous visitor (login and sign-up), with no server state: a signed double-submit
 * token. `GET /account/csrf` sets the session cookie (`lc_sid`, same attributes, signed as express-session signs
 * it) to a random pre-login id that is never stored, and answers HMAC-SHA256(SESSION_SECRET, id) as the token;
 * `CsrfGuard` recomputes it from the cookie. Another site can neither read the cookie nor compute the token,
 * and an id older than SESSION_IDLE_TIMEOUT_MINUTES is refused (as an unused pre-login session expired). A
 * session row is first written at login (`SessionsService.start`, new id: no fixation).
 */
@Injectable()
export class PreLoginCsrf {
  constructor(
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
    private readonly clock: Clock,
  ) {}

  private get secret(): string {
    if (!this.config.SESSION_SECRET) throw new Error('SESSION_SECRET is not set');
    return this.config.SESSION_SECRET;
  }

  /** This visitor's token: from their pre-login cookie while it is valid, else from a new one set on `res`. */
  issue(req: Request, res: Response): string {
    let id = this.validId(req);
    if (!id) {
      id = `${randomBytes(32).toString('base64url')}~${this.clock.now().getTime().toString(36)}`;
      const { secure, ...options } = sessionCookieOptions(this.config);
      const cookie: CookieOptions = { ...options, secure: secure === 'auto' ? req.secure : secure };
      res.cookie(SESSION_COOKIE, `s:${this.signed(id)}`, cookie);
    }
    return this.tokenFor(id);
  }

  /** Whether `given` is the token of this request's pre-login cookie (valid signature, not expired). */
  matches(req: Request, given: string): boolean {
    const id = this.validId(req);
    return id !== null && sameToken(given, this.tokenFor(id));
  }

  private tokenFor(id: string): string {
    return createHmac('sha256', this.secret).update(`pre-login-csrf:${id}`).digest('base64url');
  }

  /** `id.signature` as express-session (cookie-signature) writes it: base64 HMAC-SHA256, no padding. */
  private signed(id: string): string {
    return `${id}.${createHmac('sha256', this.secret).update(id).digest('base64').replace(/=+$/, '')}`;
  }

  /** The pre-login id in this request's session cookie, when it is one, correctly signed and not expired. */
  private validId(req: Request): string | null {
    const raw = (req.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${SESSION_COOKIE}=`));
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw.slice(SESSION_COOKIE.length + 1));
    } catch {
      return null;
    }
    if (!value.startsWith('s:')) return null;
    const id = value.slice(2, value.lastIndexOf('.'));
    const match = PRE_LOGIN_ID.exec(id);
    if (!match || !sameToken(value.slice(2), this.signed(id))) return null;
    const age = this.clock.now().getTime() - parseInt(match[2], 36);
    return age >= 0 && age <= this.config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000 ? id : null;
  }
}
