import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { AppException } from '@app/common';
import type { Request, Response } from 'express';
import { KEY_SHAPE, keyPreview } from './credential-crypto';
import { CredentialsService } from './credentials.service';
import type { Principal } from './principal';

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
 * Told about every wrong key/token pair, before the 401 is sent (the abuse module counts them per IP).
 * Gets a preview of the key only when the key has the valid shape, never the key or the token.
 */
export abstract class CredentialFailureListener {
  abstract onInvalidCredentials(req: Request, keyPreview: string | null): Promise<void>;
}

/**
 * Authenticates API calls by `X-API-Key` + `X-API-Token` (or, deprecated, `api_key` + `api_token` in the
 * JSON body when neither header is sent). Puts the `Principal` on the request.
 */
@Injectable()
export class ApiCredentialsGuard implements CanActivate {
  constructor(
    private readonly credentials: CredentialsService,
    @Optional() private readonly failures?: CredentialFailureListener,
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
      await this.failures?.onInvalidCredentials(req, KEY_SHAPE.test(pair.key) ? keyPreview(pair.key) : null);
      throw new AppException('invalid_credentials', 'The API key or token is not valid');
    }
    (req as AuthenticatedRequest).principal = principal;
    return true;
  }
}
