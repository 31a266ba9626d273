import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BodySchema } from '@app/http';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { CONVERT_MODE_NAMES, type ConvertMode } from '../modes/convert-modes';

export const SUB_ID_SHAPE = /^[A-Za-z0-9]{1,50}$/;
export const AFFILIATE_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_SUB_IDS = 5;
/** What a convert call may ask for besides the links (`include`); nothing by default. */
export const CONVERT_INCLUDES = ['product'] as const;
export type ConvertInclude = (typeof CONVERT_INCLUDES)[number];

/** An optional field: absent, or null (class-validator's `@IsOptional` takes null as absent), or this. */
const optional = <T extends object>(schema: T) => ({ anyOf: [{ type: 'null' }, schema] });

/**
 * The body of `POST /api/convert` as a JSON Schema, compiled once by the validation pipe: the same rules as the
 * decorators below (from the same constants), unknown fields refused before any object is built.
 */
export const CONVERT_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['content', 'mode'],
  properties: {
    content: { type: 'string', minLength: 1 },
    mode: { type: 'string', enum: CONVERT_MODE_NAMES },
    affiliate_id: optional({ type: 'string', pattern: AFFILIATE_ID_SHAPE.source }),
    sub_ids: optional({
      type: 'array',
      maxItems: MAX_SUB_IDS,
      items: { type: 'string', pattern: SUB_ID_SHAPE.source },
    }),
    include: optional({
      type: 'array',
      maxItems: CONVERT_INCLUDES.length,
      uniqueItems: true,
      items: { type: 'string', enum: CONVERT_INCLUDES },
    }),
    api_key: optional({ type: 'string' }),
    api_token: optional({ type: 'string' }),
  },
} as const;

@BodySchema(CONVERT_REQUEST_SCHEMA)
export class ConvertRequestDto {
  @ApiProperty({
    description: 'Free text with marketplace links (1 character up to CONVERT_MAX_CONTENT_CHARS, default 50,000)',
    example: 'Deal hot 🔥 https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc giảm 50%!',
  })
  @IsString()
  @MinLength(1)
  content!: string;

  @ApiProperty({ enum: CONVERT_MODE_NAMES, example: 'affiliate' })
  @IsString()
  @IsIn(CONVERT_MODE_NAMES)
  mode!: ConvertMode;

  @ApiPropertyOptional({
    description:
      'Your marketplace affiliate id; required by modes that make affiliate links unless saved in your account',
    example: '17345510000',
    pattern: AFFILIATE_ID_SHAPE.source,
  })
  @IsOptional()
  @IsString()
  @Matches(AFFILIATE_ID_SHAPE, { message: 'affiliate_id must be 1 to 64 letters, digits, "_" or "-"' })
  affiliate_id?: string;

  @ApiPropertyOptional({
    description: 'Up to 5 sub ids, each 1 to 50 letters or digits',
    type: [String],
    example: ['fb', 'post123'],
    maxItems: MAX_SUB_IDS,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SUB_IDS)
  @IsString({ each: true })
  @Matches(SUB_ID_SHAPE, { each: true, message: 'each sub_id must be 1 to 50 letters or digits' })
  sub_ids?: string[];

  @ApiPropertyOptional({
    description:
      'Extras in the answer (none by default). `product`: each item gains `product` (name, image, price, ' +
      'commission rate and estimated commission, from the marketplace API with your saved credentials) or ' +
      '`product_error`; the call waits for them at most PRODUCT_DETAILS_BUDGET_MS (default 300 ms)',
    type: [String],
    enum: CONVERT_INCLUDES,
    example: ['product'],
    maxItems: CONVERT_INCLUDES.length,
    uniqueItems: true,
  })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(CONVERT_INCLUDES, { each: true })
  include?: ConvertInclude[];

  @ApiPropertyOptional({ deprecated: true, description: 'Deprecated: send the X-API-Key header instead' })
  @IsOptional()
  @IsString()
  api_key?: string;

  @ApiPropertyOptional({ deprecated: true, description: 'Deprecated: send the X-API-Token header instead' })
  @IsOptional()
  @IsString()
  api_token?: string;
}
