import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AppException, toAppException } from '@app/common';
import type { Request, Response } from 'express';
import { AuthFailed } from './credential-events';
import { KEY_SHAPE, keyPreview } from './credential-crypto';
import { CredentialsService } from './credentials.service';
import type { Principal } from './principal';
import { type Scope, SCOPE_METADATA } from './scopes';

/** RFC 9745: the date body credentials were deprecated (2026-01-01T00:00:00Z). */
export const BODY_CREDENTIALS_DEPRECATION = '@1767225600';

export type AuthenticatedRequest = Request & { principal: Principal };

interface PresentedPair {
  key: string | undefined;
  token: string | undefined;
  fromBody: boolean;
}

function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function presentedPair(req: Request): PresentedPair {
  const key = headerValue(req, 'x-api-key');
  const token = headerValue(req, 'x-api-token');
  if (key !== undefined || token !== undefined) return { key, token, fromBody: false };
  const body = (req.body ?? {}) as Record<string, unknown>;
  const asString = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
  const bodyKey = asString(body.api_key);
  const bodyToken = asString(body.api_token);
  return { key: bodyKey, token: bodyToken, fromBody: bodyKey !== undefined || bodyToken !== undefined };
}

/**
 * A key per integration's client addresses and scopes: 403 `forbidden` from another address, 403
 * `insufficient_scope` (naming it) for a route whose scope (`@RequiresScope`) the key lacks.
 */
function checkKeyLimits(principal: Principal, req: Request, scope: Scope | undefined): void {
  if (principal.allowedIps && !principal.allowedIps.contains(req.ip)) {
    throw new AppException('forbidden', 'This API key may not be used from your address (its IP allow-list)');
  }
  if (principal.scopes && scope && !principal.scopes.has(scope)) {
    throw new AppException('insufficient_scope', `This API key lacks the scope \`${scope}\``);
  }
}

/** The scope a call needs beyond its route's (the convert modes that make short links need `links:write`). */
export function requireScope(principal: Principal, scope: Scope): void {
  if (principal.scopes && !principal.scopes.has(scope)) {
    throw new AppException('insufficient_scope', `This API key lacks the scope \`${scope}\``);
  }
}

/**
 * Authenticates API calls by `X-API-Key` + `X-API-Token` (or, deprecated, `api_key` + `api_token` in the
 * JSON body when neither header is sent). Puts the `Principal` on the request.
 */
@Injectable()
export class ApiCredentialsGuard implements CanActivate {
  private readonly logger = new Logger(ApiCredentialsGuard.name);
  private unheardLogged = false;

  constructor(
    private readonly credentials: CredentialsService,
    private readonly events: EventEmitter2,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // Credentials in the query string never get here: the request-input pipeline refuses every secret-bearing
    // query name (`isSecretQueryName`, @app/common) for every route.
    const pair = presentedPair(req);
    if (pair.fromBody) {
      res.setHeader('Deprecation', BODY_CREDENTIALS_DEPRECATION);
      res.setHeader('Link', '</docs>; rel="deprecation"; type="text/html"');
    }
    if (!pair.key || !pair.token) {
      throw new AppException(
        'missing_credentials',
        'Send your API key and token in the X-API-Key and X-API-Token headers',
      );
    }
    const principal = await this.credentials.verify(pair.key, pair.token);
    if (!principal) {
      await this.announceFailure(req, pair.key);
      throw new AppException('invalid_credentials', 'The API key or token is not valid');
    }
    // A key per integration's limits, from the cached principal (a main pair has none: nothing read).
    if (principal.scopes || principal.allowedIps)
      checkKeyLimits(principal, req, this.reflector.get<Scope>(SCOPE_METADATA, context.getHandler()));
    (req as AuthenticatedRequest).principal = principal;
    return true;
  }

  /**
   * Emits `AuthFailed` and waits for its listeners (the abuse lib counts the failure and may ban the IP). A
   * listener's `AppException` is the answer (a client banned meanwhile: 403 `ip_blocked`); any other error is
   * logged (no stack for an infrastructure failure) and the answer stays 401. Nobody listening is logged as an error: failed-auth bans would be off.
   */
  private async announceFailure(req: Request, key: string): Promise<void> {
    const userAgent = req.headers['user-agent'];
    const event = new AuthFailed(
      req.ip,
      req.path,
      typeof userAgent === 'string' ? userAgent : undefined,
      KEY_SHAPE.test(key) ? keyPreview(key) : null,
    );
    let heard: unknown[];
    try {
      heard = await this.events.emitAsync(AuthFailed.event, event);
    } catch (error) {
      if (error instanceof AppException) throw error;
      // As every failure is logged: an infrastructure failure (database or Redis unreachable, a time-out) by its
      // class and message, a stack only for what can only be a programming error.
      const infrastructure = toAppException(error).code === 'unavailable';
      const stack = infrastructure ? [] : [(error as Error)?.stack];
      this.logger.error(
        `A listener of failed authentications failed (${(error as Error)?.constructor?.name ?? 'Error'}): ${(error as Error)?.message}`,
        ...stack,
      );
      return;
    }
    if (heard.length === 0 && !this.unheardLogged) {
      this.unheardLogged = true;
      this.logger.error('Nothing listens to failed authentications: failed-auth IP bans are off (import AbuseModule)');
    }
  }
}
