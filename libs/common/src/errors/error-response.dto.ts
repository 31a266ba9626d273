import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from './error-codes';
import { errorEnvelope, type ErrorEnvelope } from './error-envelope';

/** `ok: true` of every successful JSON answer: the discriminant a client narrows on (`ok: false` is an error). */
export const OkTrue = () => ApiProperty({ enum: [true], example: true, description: 'Always true on success' });

/** A message the server sends with each code: the examples of the OpenAPI document, one per code. */
const EXAMPLE_MESSAGES: Record<ErrorCode, { message: string; field?: string }> = {
  invalid_json: { message: 'The body is not valid JSON' },
  invalid_request: { message: 'content must be a string', field: 'content' },
  invalid_mode: { message: 'mode must be one of: affiliate, …', field: 'mode' },
  missing_credentials: { message: 'Send your API key and token in the X-API-Key and X-API-Token headers' },
  invalid_credentials: { message: 'The API key or token is not valid' },
  unauthenticated: { message: 'Log in first' },
  ip_blocked: { message: 'Too many failed attempts from your address: try again later' },
  plan_required: { message: 'custom_domain_shortener needs the Pro plan' },
  not_configured: { message: 'Save your Shopee app id and secret in your account first' },
  forbidden: { message: 'This needs an admin account' },
  idempotency_key_reused: { message: 'This Idempotency-Key was used with another request body' },
  insufficient_scope: { message: 'This API key lacks the scope `webhooks:write`' },
  csrf_failed: { message: 'Cross-site request refused' },
  wrong_password: { message: 'Wrong password' },
  registration_closed: { message: 'Sign-ups are closed' },
  not_found: { message: 'Not found' },
  conflict: { message: 'This email is already registered' },
  method_not_allowed: { message: 'Method not allowed' },
  payload_too_large: { message: 'The request body is larger than the limit' },
  unsupported_media_type: { message: 'Send the request body as JSON with Content-Type: application/json' },
  rate_limited: { message: 'Too many requests: retry after the time in Retry-After' },
  quota_exceeded: {
    message: 'Short-link quota spent: 20000 new short links a day on your plan; retry after the time in Retry-After',
  },
  unavailable: { message: 'The service is temporarily unavailable, try again shortly' },
  internal_error: { message: 'Internal server error' },
};

/** The error envelope of `code` as the server writes it, with an example message and request id. */
export function errorExample(code: ErrorCode): ErrorEnvelope {
  const { message, field } = EXAMPLE_MESSAGES[code];
  return errorEnvelope(code, message, '0f6c2b1e-8c0e-4a7e-9d5b-3f2a1c4e5d6f', field);
}

class ErrorBodyDto {
  @ApiProperty({ enum: ERROR_CODES, enumName: 'ErrorCode', example: 'invalid_request' }) code!: ErrorCode;
  @ApiProperty({ example: 'content must be a string' }) message!: string;
  @ApiPropertyOptional({ example: 'content', description: 'The request field at fault (invalid_request)' })
  field?: string;
}

/** The OpenAPI shape of every non-2xx body (`ErrorEnvelope`, written by the global filter). */
export class ErrorResponseDto {
  @ApiProperty({ enum: [false], example: false, description: 'Always false on an error' }) ok!: false;
  @ApiProperty({ type: ErrorBodyDto }) error!: ErrorBodyDto;
  @ApiProperty({ example: '0f6c2b1e-8c0e-4a7e-9d5b-3f2a1c4e5d6f', description: 'Equals the X-Request-Id header' })
  request_id!: string;
}
