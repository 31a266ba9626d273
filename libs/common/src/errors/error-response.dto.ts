import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class ErrorBodyDto {
  @ApiProperty({ example: 'invalid_request' }) code!: string;
  @ApiProperty({ example: 'content must be a string' }) message!: string;
  @ApiPropertyOptional({ example: 'content' }) field?: string;
}

/** The OpenAPI shape of every non-2xx body (`ErrorEnvelope`, written by the global filter). */
export class ErrorResponseDto {
  @ApiProperty({ example: false }) ok!: boolean;
  @ApiProperty({ type: ErrorBodyDto }) error!: ErrorBodyDto;
  @ApiProperty({ example: '0f6c2b1e-8c0e-4a7e-9d5b-3f2a1c4e5d6f' }) request_id!: string;
}
