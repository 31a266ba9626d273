import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { CountedWithLinks } from '@app/abuse';
import { ErrorResponseDto } from '@app/common';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import { ConvertRequestDto, ConvertResponseDto, type ConvertReply } from '@app/conversion';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { CONVERT_REQUEST_EXAMPLES, CONVERT_RESPONSE_EXAMPLES } from './convert.examples';
import { Idempotency, IdempotencyKeyHeader } from '@app/idempotency';
import { ConvertUseCase } from './convert.use-case';

@ApiTags('convert')
@Controller('api')
export class ConvertController {
  constructor(
    private readonly useCase: ConvertUseCase,
    private readonly idempotency: Idempotency,
  ) {}

  @Post('convert')
  @HttpCode(200)
  @KeyAndTokenRoute({
    ok: { type: ConvertResponseDto, examples: CONVERT_RESPONSE_EXAMPLES },
    forbidden: 'plan_required or not_configured',
    tooManyRequests:
      'Or quota_exceeded (own_shortener, custom_domain_shortener): the new short links ' +
      "of the call would pass your plan's quota per UTC day (`Retry-After` until midnight UTC) or in all " +
      '(`SHORT_LINK_QUOTA_*`; `GET /api/limits` shows yours); links made before are reused and count nothing.',
  })
  @CountedWithLinks()
  @RequiresScope('convert')
  @IdempotencyKeyHeader()
  @ApiOperation({
    operationId: 'convert',
    summary: 'Convert every marketplace link in a text',
    description:
      'Finds the marketplace links in `content`, converts each according to `mode` and returns the text with ' +
      'the links replaced. Per-link failures do not fail the request: they are counted in `summary.failed`.',
  })
  @ApiBody({ type: ConvertRequestDto, examples: CONVERT_REQUEST_EXAMPLES })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_json, invalid_request or invalid_mode' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'payload_too_large' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponseDto, description: 'unsupported_media_type' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'unavailable' })
  convert(@Req() req: AuthenticatedRequest, @Body() body: ConvertRequestDto): Promise<ConvertReply> {
    // Only a call with `Idempotency-Key` is looked up and kept (one header read for the others).
    if (Idempotency.wanted(req)) {
      return this.idempotency.run(req, req.res!, () =>
        this.useCase.respond(body, req.principal, req),
      ) as Promise<ConvertReply>;
    }
    return this.useCase.respond(body, req.principal, req);
  }
}
