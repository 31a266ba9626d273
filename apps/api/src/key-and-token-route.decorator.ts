import { applyDecorators, Header, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  type ApiResponseOptions,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  ApiThrottlerGuard,
  IP_BLOCKED_DESCRIPTION,
  IP_BLOCKED_HEADERS,
  IpBanGuard,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from '@app/abuse';
import { ErrorResponseDto } from '@app/common';
import { ApiCredentialsGuard } from '@app/credentials';

export interface KeyAndTokenRouteOptions {
  /** The 200 answer (its type, examples); it carries the rate-limit headers. Left out: the route documents its own. */
  ok?: ApiResponseOptions;
  /** The route's own 403s, said before the banned address's (`plan_required or not_configured`). */
  forbidden?: string;
  /** The route's own 429s, said after the rate limits' (`Or quota_exceeded: …`). */
  tooManyRequests?: string;
}

/**
 * A route a partner's server calls with its API key and token (`X-API-Key`, `X-API-Token`): never cached, the
 * three guards in their order (`IpBanGuard` from the in-process ban cache, `ApiCredentialsGuard`,
 * `ApiThrottlerGuard` counting the rate limits), and the answers every such route gives in the OpenAPI document:
 * 401 for missing or wrong credentials, 403 for a banned address (after the route's own 403s), 429 with the
 * rate-limit headers. The route adds its operation, its parameters and its other answers.
 */
export function KeyAndTokenRoute(options: KeyAndTokenRouteOptions = {}): MethodDecorator {
  return applyDecorators(
    Header('Cache-Control', 'no-store'),
    UseGuards(IpBanGuard, ApiCredentialsGuard, ApiThrottlerGuard),
    ...(options.ok ? [ApiOkResponse({ ...options.ok, headers: RATE_LIMIT_HEADERS })] : []),
    ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'missing_credentials or invalid_credentials' }),
    ApiForbiddenResponse({
      type: ErrorResponseDto,
      description: options.forbidden ? `${options.forbidden}; or ${IP_BLOCKED_DESCRIPTION}` : IP_BLOCKED_DESCRIPTION,
      headers: IP_BLOCKED_HEADERS,
    }),
    ApiTooManyRequestsResponse({
      type: ErrorResponseDto,
      description: options.tooManyRequests
        ? `${RATE_LIMITED_DESCRIPTION} ${options.tooManyRequests}`
        : RATE_LIMITED_DESCRIPTION,
      headers: RATE_LIMITED_HEADERS,
    }),
  );
}
