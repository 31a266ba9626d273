import { Controller, Get, Header, Req, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
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
  rateLimitStatesOf,
  THROTTLER_NAMES,
} from '@app/abuse';
import { ErrorResponseDto, OkTrue } from '@app/common';
import { ApiCredentialsGuard, type AuthenticatedRequest } from '@app/credentials';

class RateLimitStateDto {
  @ApiProperty({ enum: THROTTLER_NAMES }) name!: string;
  @ApiProperty({ example: 60 }) limit!: number;
  @ApiProperty({ example: 60 }) window_seconds!: number;
  @ApiProperty({ example: 59 }) remaining!: number;
  @ApiProperty({ example: 42, description: 'Seconds until the window resets' }) reset_seconds!: number;
}

class ApiLimitsDto {
  @OkTrue() ok!: true;
  @ApiProperty({ enum: ['free', 'pro'] }) plan!: string;
  @ApiProperty({ type: [RateLimitStateDto] }) limits!: RateLimitStateDto[];
}

@ApiTags('convert')
@Controller('api')
export class ApiLimitsController {
  @Get('limits')
  @Header('Cache-Control', 'no-store')
  @UseGuards(IpBanGuard, ApiCredentialsGuard, ApiThrottlerGuard)
  @ApiOperation({
    operationId: 'getLimits',
    summary: 'Your rate limits and what is left of them',
    description:
      'The same numbers as the `RateLimit-Policy` and `RateLimit` headers, as JSON. Like every API call it ' +
      'counts against the limits it reports.',
  })
  @ApiOkResponse({ type: ApiLimitsDto, headers: RATE_LIMIT_HEADERS })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'missing_credentials or invalid_credentials' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: IP_BLOCKED_DESCRIPTION, headers: IP_BLOCKED_HEADERS })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: RATE_LIMITED_DESCRIPTION,
    headers: RATE_LIMITED_HEADERS,
  })
  limits(@Req() req: AuthenticatedRequest): ApiLimitsDto {
    return {
      ok: true,
      plan: req.principal.plan,
      limits: rateLimitStatesOf(req).map((state) => ({
        name: state.name,
        limit: state.limit,
        window_seconds: state.windowSeconds,
        remaining: state.remaining,
        reset_seconds: state.resetSeconds,
      })),
    };
  }
}
