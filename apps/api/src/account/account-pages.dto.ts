import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MEMBER_SECRET_NAMES } from '@app/members';
import { OptionalText } from '../dto-fields';

/**
 * The account pages' forms as htmx posts them (JSON, every value a string). Each is turned into the body of the
 * JSON route it stands for and checked by the app's own validation pipe (`validated`), so a page and the API
 * accept and refuse exactly the same values.
 */
const FIELD_MAX = 600;

export class KeyFormDto {
  @OptionalText(FIELD_MAX)
  password?: string;

  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'grace_seconds must be a whole number of seconds' })
  grace_seconds?: string;
}

export class PlaygroundFormDto {
  @IsString()
  @MaxLength(200_000)
  content!: string;

  @IsString()
  @MaxLength(64)
  mode!: string;

  @OptionalText(FIELD_MAX)
  affiliate_id?: string;

  @OptionalText(FIELD_MAX)
  sub_ids?: string;

  /** The checkbox: `1` when ticked, absent otherwise. */
  @OptionalText(8)
  include_product?: string;
}

export class SettingsFormDto {
  @OptionalText(FIELD_MAX) affiliate_id?: string;
  @OptionalText(FIELD_MAX) sub_ids?: string;
  @OptionalText(FIELD_MAX) lazada_master_code?: string;
  @OptionalText(FIELD_MAX) tiki_publisher_code?: string;
  @OptionalText(FIELD_MAX) tiki_campaign_code?: string;
  @OptionalText(FIELD_MAX) shopee_app_id?: string;
  @OptionalText(FIELD_MAX) shopee_app_secret?: string;
  @OptionalText(FIELD_MAX) bitly_token?: string;
  @OptionalText(FIELD_MAX) cuttly_key?: string;
  @OptionalText(FIELD_MAX) lazada_app_key?: string;
  @OptionalText(FIELD_MAX) lazada_app_secret?: string;
  @OptionalText(FIELD_MAX) lazada_user_token?: string;

  /** The Remove button of a saved secret. */
  @IsOptional()
  @IsIn(MEMBER_SECRET_NAMES)
  remove?: string;
}

export class DomainFormDto {
  @IsString()
  @MaxLength(FIELD_MAX)
  domain!: string;
}

/** A comma-separated list as typed ("fb, post1") as the API's array. */
export function commaList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
