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
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ApiCredentialsGuard, type AuthenticatedRequest } from '@app/credentials';
import {
  ConversionService,
  ConvertRequestDto,
  ConvertResponseDto,
  ConvertResult,
  ErrorResponseDto,
} from '@app/conversion';

@ApiTags('convert')
@Controller('api')
export class ConvertController {
  constructor(private readonly conversion: ConversionService) {}

  @Post('convert')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ApiCredentialsGuard)
  @ApiOperation({
    summary: 'Convert every marketplace link in a text',
    description:
      'Finds the marketplace links in `content`, converts each according to `mode` and returns the text with ' +
      'the links replaced. Per-link failures do not fail the request: they are counted in `summary.failed`.',
  })
  @ApiHeader({ name: 'X-API-Key', required: true, description: 'sk_... (from the account area or the CLI)' })
  @ApiHeader({ name: 'X-API-Token', required: true, description: 'tok_... (shown once when the pair is created)' })
  @ApiOkResponse({ type: ConvertResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_json, invalid_request or invalid_mode' })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'missing_credentials or invalid_credentials' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'plan_required or not_configured' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'payload_too_large' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: 'unsupported_media_type' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'unavailable' })
  convert(@Req() req: AuthenticatedRequest, @Body() body: ConvertRequestDto): Promise<ConvertResult> {
    return this.conversion.convert(
      { content: body.content, mode: body.mode, affiliateId: body.affiliate_id, subIds: body.sub_ids },
      req.principal,
    );
  }
}
