import { Body, Controller, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
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
  IP_BLOCKED_DESCRIPTION,
  IP_BLOCKED_HEADERS,
  IpBanGuard,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from '@app/abuse';
import { ApiCredentialsGuard, type AuthenticatedRequest } from '@app/credentials';
import {
  ConversionService,
  ConvertRequestDto,
  ConvertResponseDto,
  ConvertResult,
  ErrorResponseDto,
} from '@app/conversion';
import { UsageService } from '@app/usage';

@ApiTags('convert')
@Controller('api')
export class ConvertController {
  constructor(
    private readonly conversion: ConversionService,
    private readonly usage: UsageService,
  ) {}

  @Post('convert')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(IpBanGuard, ApiCredentialsGuard, ApiThrottlerGuard)
  @ApiOperation({
    summary: 'Convert every marketplace link in a text',
    description:
      'Finds the marketplace links in `content`, converts each according to `mode` and returns the text with ' +
      'the links replaced. Per-link failures do not fail the request: they are counted in `summary.failed`.',
  })
  @ApiHeader({ name: 'X-API-Key', required: true, description: 'sk_... (from the account area or the CLI)' })
  @ApiHeader({ name: 'X-API-Token', required: true, description: 'tok_... (shown once when the pair is created)' })
  @ApiOkResponse({ type: ConvertResponseDto, headers: RATE_LIMIT_HEADERS })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_json, invalid_request or invalid_mode' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'missing_credentials or invalid_credentials' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `plan_required or not_configured; or ${IP_BLOCKED_DESCRIPTION}`,
    headers: IP_BLOCKED_HEADERS,
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: RATE_LIMITED_DESCRIPTION,
    headers: RATE_LIMITED_HEADERS,
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'payload_too_large' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: 'unsupported_media_type' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'unavailable' })
  async convert(@Req() req: AuthenticatedRequest, @Body() body: ConvertRequestDto): Promise<ConvertResult> {
    const result = await this.conversion.convert(
      {
        content: body.content,
        mode: body.mode,
        affiliateId: body.affiliate_id,
        // The member's saved sub ids apply only when the request sends none (an empty array means none).
        subIds: body.sub_ids ?? req.principal.defaultSubIds,
      },
      req.principal,
    );
    // In memory only: the counters reach the database off the request path (UsageService).
    this.usage.record(req.principal.memberId, result.summary.total);
    return result;
  }
}
