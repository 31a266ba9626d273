import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { ConvertRequestDto } from '@app/conversion';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { MAX_GRACE_SECONDS } from '@app/credentials';
import {
  AFFILIATE_ID_SHAPE,
  MAX_SUB_IDS,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  SECRET_VALUE_SHAPE,
  SUB_ID_SHAPE,
} from '@app/members';
import { OptionalText } from '../dto-fields';

/** Long enough for any accepted password in any script, short enough to bound the work. */
const PASSWORD_FIELD_MAX = PASSWORD_MAX_CHARS * 4;

export class RegisterDto {
  @ApiProperty({ example: 'me@example.com', maxLength: 254 })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ description: `${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters`, example: 'a long password' })
  @IsString()
  @MaxLength(PASSWORD_FIELD_MAX)
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'me@example.com' })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'a long password' })
  @IsString()
  @MaxLength(PASSWORD_FIELD_MAX)
  password!: string;
}

export class RegenerateDto {
  @ApiProperty({ description: 'Your account password, checked again for this action' })
  @IsString()
  @MinLength(1, { message: 'Enter your password' })
  @MaxLength(PASSWORD_FIELD_MAX)
  password!: string;

  @ApiPropertyOptional({
    description: 'How long the current pair keeps working, in seconds (0 revokes it now, at most 24 hours)',
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: 0,
  })
  @IsOptional()
  @IsInt({ message: 'grace_seconds must be a whole number of seconds' })
  @Min(0)
  @Max(MAX_GRACE_SECONDS)
  grace_seconds?: number;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: 'Enter your current password' })
  @MaxLength(PASSWORD_FIELD_MAX)
  current_password!: string;

  @ApiProperty({ description: `${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters` })
  @IsString()
  @MaxLength(PASSWORD_FIELD_MAX)
  new_password!: string;
}

/**
 * A service secret of the settings: optional, null deletes it, 1 to 512 visible ASCII characters (the refusal
 * names the field); never returned, only a preview.
 */
const SecretSetting =
  (description: string): PropertyDecorator =>
  (target, key) =>
    applyDecorators(
      Matches(SECRET_VALUE_SHAPE, { message: `${String(key)} must be 1 to 512 visible ASCII characters` }),
      IsString(),
      IsOptional(),
      ApiPropertyOptional({
        description: `${description}; null deletes it. Never returned, only a preview`,
        type: String,
        nullable: true,
      }),
    )(target, key);

/** Every field is optional; `null` clears a value. Unknown fields are refused. */
export class SettingsPatchDto {
  @ApiPropertyOptional({
    description: 'Default affiliate id for convert; null clears it',
    type: String,
    nullable: true,
  })
  @IsOptional()
  @IsString()
  @Matches(AFFILIATE_ID_SHAPE, { message: 'affiliate_id must be 1 to 64 letters, digits, "_" or "-"' })
  affiliate_id?: string | null;

  @ApiPropertyOptional({ description: 'Default sub ids for convert (at most 5)', type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SUB_IDS)
  @IsString({ each: true })
  @Matches(SUB_ID_SHAPE, { each: true, message: 'each sub_id must be 1 to 50 letters or digits' })
  sub_ids?: string[] | null;

  @OptionalText(300, {
    description:
      'LazAffiliates master link or its code (`https://c.lazada.vn/t/c.YParqP`, `c.YParqP` or `YParqP`), ' +
      'needed for Lazada affiliate links; saved as the bare code; null clears it',
    type: String,
    nullable: true,
    example: 'c.YParqP',
  })
  lazada_master_code?: string | null;

  @OptionalText(300, {
    description: 'Tiki TAP publisher code (ti.ki/<publisher>/<campaign>); null clears it',
    type: String,
    nullable: true,
  })
  tiki_publisher_code?: string | null;

  @OptionalText(300, {
    description: 'Tiki TAP campaign code (ti.ki/<publisher>/<campaign>); null clears it',
    type: String,
    nullable: true,
  })
  tiki_campaign_code?: string | null;

  @SecretSetting('Shopee Affiliate Open API app id') shopee_app_id?: string | null;
  @SecretSetting('Shopee Affiliate Open API app secret') shopee_app_secret?: string | null;
  @SecretSetting('Bitly access token') bitly_token?: string | null;
  @SecretSetting('Cutt.ly API key') cuttly_key?: string | null;
  @SecretSetting('Lazada Open Platform app key (marketplace_api, Lazada links)') lazada_app_key?: string | null;
  @SecretSetting('Lazada Open Platform app secret') lazada_app_secret?: string | null;
  @SecretSetting('Lazada affiliate user token (userToken of marketing/getlink)') lazada_user_token?: string | null;
}

/** The playground's body: `POST /api/convert`'s without credentials (the session is the caller). */
export class AccountConvertDto extends OmitType(ConvertRequestDto, ['api_key', 'api_token'] as const) {}
