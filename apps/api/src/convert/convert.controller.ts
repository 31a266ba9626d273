import { Body, Controller, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import {
  ApiThrottlerGuard,
  CountedWithLinks,
  IP_BLOCKED_DESCRIPTION,
  IP_BLOCKED_HEADERS,
  IpBanGuard,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from '@app/abuse';
import { ErrorResponseDto } from '@app/common';
import { ApiCredentialsGuard, type AuthenticatedRequest } from '@app/credentials';
import { ConvertRequestDto, ConvertResponseDto, type ConvertReply } from '@app/conversion';
import { CONVERT_REQUEST_EXAMPLES, CONVERT_RESPONSE_EXAMPLES } from './convert.examples';
import { ConvertUseCase } from './convert.use-case';

@ApiTags('convert')
@Controller('api')
export class ConvertController {
  constructor(private readonly useCase: ConvertUseCase) {}

  @Post('convert')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(IpBanGuard, ApiCredentialsGuard, ApiThrottlerGuard)
  @CountedWithLinks()
  @ApiOperation({
    operationId: 'convert',
    summary: 'Convert every marketplace link in a text',
    description:
      'Finds the marketplace links in `content`, converts each according to `mode` and returns the text with ' +
      'the links replaced. Per-link failures do not fail the request: they are counted in `summary.failed`.',
  })
  @ApiBody({ type: ConvertRequestDto, examples: CONVERT_REQUEST_EXAMPLES })
  @ApiOkResponse({ type: ConvertResponseDto, headers: RATE_LIMIT_HEADERS, examples: CONVERT_RESPONSE_EXAMPLES })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_json, invalid_request or invalid_mode' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'missing_credentials or invalid_credentials' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `plan_required or not_configured; or ${IP_BLOCKED_DESCRIPTION}`,
    headers: IP_BLOCKED_HEADERS,
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      `${RATE_LIMITED_DESCRIPTION} Or quota_exceeded (own_shortener, custom_domain_shortener): the new short links ` +
      "of the call would pass your plan's quota per UTC day (`Retry-After` until midnight UTC) or in all " +
      '(`SHORT_LINK_QUOTA_*`; `GET /api/limits` shows yours); links made before are reused and count nothing.',
    headers: RATE_LIMITED_HEADERS,
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'payload_too_large' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: 'unsupported_media_type' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'unavailable' })
  convert(@Req() req: AuthenticatedRequest, @Body() body: ConvertRequestDto): Promise<ConvertReply> {
    return this.useCase.respond(body, req.principal, req);
  }
}
