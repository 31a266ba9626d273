import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AbuseEventDto } from '@app/abuse';
import { OkTrue } from '@app/common';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { MEMBER_PLANS, MEMBER_ROLES, type MemberPlan, type MemberRole } from '@app/members';
import { MemberDto } from '../account/account-responses.dto';
import { ClicksPerDayDto, ShortLinkDto } from '../shortlinks/short-links.dto';
import { OptionalText, PagedResponse, PageQuery, PerPageQuery } from '../dto-fields';

export class AdminMembersQueryDto {
  @OptionalText(254, { description: 'Part of the email address (case-insensitive)' })
  email?: string;

  @PageQuery(1_000_000, 'page must be a whole number') page?: number;
  @PerPageQuery('per_page must be a whole number') per_page?: number;
}

export class AdminMemberPatchDto {
  @ApiPropertyOptional({ enum: MEMBER_PLANS })
  @IsOptional()
  @IsIn(MEMBER_PLANS)
  plan?: MemberPlan;

  @ApiPropertyOptional({ enum: MEMBER_ROLES })
  @IsOptional()
  @IsIn(MEMBER_ROLES)
  role?: MemberRole;

  @ApiPropertyOptional({
    description: 'true disables the member now: API credentials stop working and every session ends',
  })
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;
}

/** The JSON answers of the admin routes, as OpenAPI schemas. */

export class AdminMemberDto extends MemberDto {
  @ApiProperty() disabled!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabled_at!: Date | null;
}

export class AdminMembersPageDto extends PagedResponse('members', AdminMemberDto) {}

export class AdminMemberChangedDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: AdminMemberDto }) member!: AdminMemberDto;
}

/** One point of a zero-filled series: an hour or a day (ISO, UTC) and its count. */
export class PointDto {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty() value!: number;
}

class TopIpDto {
  @ApiProperty({ example: '203.0.113.7' }) ip!: string;
  @ApiProperty({ description: 'Failed authentications in the window' }) failures!: number;
  @ApiProperty({ type: String, format: 'date-time' }) last_at!: Date;
}

class TopMemberDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: MEMBER_PLANS }) plan!: string;
  @ApiProperty({ description: 'Convert calls in the window' }) calls!: number;
}

class PlatformAmountDto {
  @ApiProperty({ example: 'VND' }) currency!: string;
  @ApiProperty({ description: 'Distinct orders with a line not cancelled' }) orders!: number;
  @ApiProperty({ example: '1690000', description: 'Σ purchase value of the lines not cancelled' }) gmv!: string;
  @ApiProperty({ example: '77500' }) commission_completed!: string;
  @ApiProperty({ example: '80500', description: 'pending + completed' }) net_commission!: string;
}

/** Every member's earnings figures together (the analytics lib's definitions), per currency. */
class PlatformTotalsDto {
  @ApiProperty({ example: '2026-11-19', description: 'The first UTC day counted' }) since!: string;
  @ApiProperty({ description: 'Clicks by people on short links' }) clicks!: number;
  @ApiProperty() bot_clicks!: number;
  @ApiProperty({ type: [PlatformAmountDto], description: 'Never summed across currencies' })
  amounts!: PlatformAmountDto[];
  @ApiProperty({ description: 'Members who have imported (or pulled) order lines, ever' })
  members_with_imports!: number;
}

export class AdminOverviewDto {
  @OkTrue() ok!: true;
  @ApiProperty({ example: 7 }) days!: number;
  @ApiProperty({ type: PlatformTotalsDto, description: 'Clicks, orders and commission of the window, per currency' })
  platform!: PlatformTotalsDto;
  @ApiProperty({ type: [PointDto] }) calls_per_hour!: PointDto[];
  @ApiProperty({ type: [PointDto] }) links_per_hour!: PointDto[];
  @ApiProperty({ type: [PointDto] }) failed_auth_per_hour!: PointDto[];
  @ApiProperty({ type: [PointDto] }) bans_per_day!: PointDto[];
  @ApiProperty({ type: [TopIpDto] }) top_ips!: TopIpDto[];
  @ApiProperty({ type: [TopMemberDto] }) top_members!: TopMemberDto[];
}

class CredentialStateDto {
  @ApiProperty({ example: 'sk_AbCd…wXyZ' }) key_preview!: string;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
  @ApiProperty({ enum: ['active', 'grace', 'expired', 'revoked'] }) state!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'End of the grace, or revocation' })
  until!: Date | null;
}

class MemberShortLinksDto {
  @ApiProperty() total!: number;
  @ApiProperty({ type: [ShortLinkDto], description: 'The 20 newest' }) links!: ShortLinkDto[];
}

export class AdminMemberDetailDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: AdminMemberDto }) member!: AdminMemberDto;
  @ApiProperty({ type: [PointDto] }) usage_per_day!: PointDto[];
  @ApiProperty({ type: [CredentialStateDto] }) credentials!: CredentialStateDto[];
  @ApiProperty({ type: MemberShortLinksDto }) short_links!: MemberShortLinksDto;
  @ApiProperty({ type: [ClicksPerDayDto] }) clicks_per_day!: ClicksPerDayDto[];
  @ApiProperty({ type: [AbuseEventDto] }) events!: AbuseEventDto[];
}
