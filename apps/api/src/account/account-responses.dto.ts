import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { OkTrue } from '@app/common';
import { MARKETPLACE_SETTING_NAMES, MEMBER_PLANS, MEMBER_ROLES, MEMBER_SECRET_NAMES } from '@app/members';

/** The JSON answers of the account routes, as OpenAPI schemas (what `presenters/member.presenters.ts` and the services return). */

export class MemberDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'me@example.com' }) email!: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role!: string;
  @ApiProperty({ enum: MEMBER_PLANS }) plan!: string;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
}

export class CsrfTokenDto {
  @OkTrue() ok!: true;
  @ApiProperty({ description: 'Send it in X-CSRF-Token with every POST/PATCH/DELETE to /account and /admin' })
  csrf_token!: string;
}

export class SessionStartedDto extends CsrfTokenDto {
  @ApiProperty({ type: MemberDto }) member!: MemberDto;
}

export class OkDto {
  @OkTrue() ok!: true;
}

class CredentialPreviewDto {
  @ApiProperty({ example: 'sk_AbCd…wXyZ' }) key_preview!: string;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
}

class ExpiringCredentialDto extends CredentialPreviewDto {
  @ApiProperty({ type: String, format: 'date-time', description: 'The pair stops working then' }) expires_at!: Date;
}

class UsageFiguresDto {
  @ApiProperty({ description: 'Calls in the current minute (this instance)' }) this_minute!: number;
  @ApiProperty({ description: 'Calls today (UTC day)' }) today!: number;
}

const SECRET_STATE: ApiPropertyOptions = {
  type: 'object',
  required: ['set', 'preview', 'updated_at'],
  properties: {
    set: { type: 'boolean' },
    preview: { type: 'string', nullable: true, example: 'abcd…wxyz' },
    updated_at: { type: 'string', format: 'date-time', nullable: true },
  },
};

/** The saved settings: the marketplace codes as they are, the secrets as previews only. */
export class SettingsDto {
  @ApiProperty({ type: String, nullable: true }) affiliate_id!: string | null;
  @ApiProperty({ type: [String] }) sub_ids!: string[];
  @ApiProperty({
    type: 'object',
    selfRequired: true,
    required: [...MARKETPLACE_SETTING_NAMES],
    properties: Object.fromEntries(MARKETPLACE_SETTING_NAMES.map((name) => [name, { type: 'string', nullable: true }])),
  })
  marketplace!: Record<string, string | null>;
  @ApiProperty({
    type: 'object',
    selfRequired: true,
    required: [...MEMBER_SECRET_NAMES],
    properties: Object.fromEntries(MEMBER_SECRET_NAMES.map((name) => [name, SECRET_STATE])),
  })
  secrets!: Record<string, { set: boolean; preview: string | null; updated_at: Date | null }>;
}

export class AccountOverviewDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: MemberDto }) member!: MemberDto;
  @ApiProperty({ type: CredentialPreviewDto, nullable: true, description: 'The pair in use (null: none yet)' })
  credential!: CredentialPreviewDto | null;
  @ApiProperty({ type: [ExpiringCredentialDto], description: 'Older pairs still in their grace period' })
  expiring_credentials!: ExpiringCredentialDto[];
  @ApiProperty({ type: UsageFiguresDto }) usage!: UsageFiguresDto;
  @ApiProperty({ type: SettingsDto }) settings!: SettingsDto;
  @ApiProperty() csrf_token!: string;
}

export class RegeneratedDto {
  @OkTrue() ok!: true;
  @ApiProperty({ example: 'sk_…' }) api_key!: string;
  @ApiProperty({ example: 'tok_…', description: 'Shown in this response only' }) api_token!: string;
  @ApiProperty({ example: 'sk_AbCd…wXyZ' }) key_preview!: string;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
  @ApiProperty({ description: 'How long the previous pair keeps working' }) grace_seconds!: number;
}

export class SettingsSavedDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: SettingsDto }) settings!: SettingsDto;
}
