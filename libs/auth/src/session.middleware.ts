import { sendError, toAppException } from '@app/common';
import { requestIdOf } from '@app/http';
import type { RequestHandler } from 'express';
import session from 'express-session';
import { randomBytes } from 'node:crypto';
import { PgSessionStore } from './pg-session-store';
import { sessionCookieOptions } from './pre-login-csrf';
import { SESSION_COOKIE } from './session-data';
import type { AuthConfig } from './auth.config';

/**
 * The express-session middleware: cookie `lc_sid` (HttpOnly, SameSite=Lax, Secure per COOKIE_SECURE, signed
 * with SESSION_SECRET), 256-bit random ids, sessions in `PgSessionStore`, nothing stored before something is
 * put in the session, idle expiry rolled forward on use. A store failure (database down) is answered in the
 * error envelope (503 `unavailable`).
 */
export function sessionMiddleware(config: AuthConfig, store: PgSessionStore): RequestHandler {
  if (!config.SESSION_SECRET) throw new Error('SESSION_SECRET is not set');
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store,
    genid: () => randomBytes(32).toString('base64url'),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: sessionCookieOptions(config),
  });
  return (req, res, next) => {
    handler(req, res, (error?: unknown) => {
      if (error) sendError(res, toAppException(error), requestIdOf(req));
      else next();
    });
  };
}
