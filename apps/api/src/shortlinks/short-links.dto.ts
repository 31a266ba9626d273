import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { OkTrue } from '@app/common';
import { MEMBER_PLANS } from '@app/members';
import { CODE_SHAPE, CUSTOM_DOMAIN_STATUSES } from '@app/shortlinks';
import { IntQuery, OptionalText, PagedResponse, PageQuery, PerPageQuery } from '../dto-fields';

export class ShortLinksQueryDto {
  @PageQuery(100_000) page?: number;
  @PerPageQuery() per_page?: number;
}

export class ShortLinkSearchQueryDto {
  @OptionalText(200, {
    description: "Text the link's code, target URL or sub id contains (case-insensitive; empty: every link)",
    example: 'fb',
  })
  q?: string;

  @PageQuery(10_000) page?: number;
  @PerPageQuery() per_page?: number;
}

export class ClicksQueryDto {
  @IntQuery({ minimum: 1, maximum: 90, default: 30, description: 'How many days back, today included' })
  days?: number;

  @ApiPropertyOptional({ description: 'Only this link: its code (with `domain` for a custom-domain link)' })
  @IsOptional()
  @IsString()
  @Matches(CODE_SHAPE, { message: 'code must be 1 to 32 letters or digits' })
  code?: string;

  @OptionalText(253, { description: 'With `code`: the custom domain of the link (absent: our short domain)' })
  domain?: string;

  @OptionalText(300, { description: 'Only the links made with these sub ids (joined with `-`; empty: none)' })
  sub_id?: string;
}

export class AddDomainDto {
  @ApiProperty({ example: 'go.example.com', description: 'A host name you control (a subdomain is best)' })
  @IsString()
  @MaxLength(300)
  domain!: string;
}

/** The JSON answers of the short-link and custom-domain routes, as OpenAPI schemas. */

/** A link's sub ids, as every answer that shows a link says them. */
const SubIdProperty = () =>
  ApiProperty({ description: 'The sub ids the link was made with, joined with `-` (`""`: none)' });

export class ShortLinkDto {
  @ApiProperty({ example: 'aB3dE9' }) code!: string;
  @SubIdProperty() sub_id!: string;
  @ApiProperty({ example: 'https://s.example.com/aB3dE9' }) url!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The custom domain (null: our short domain)' })
  domain!: string | null;
  @ApiProperty() target!: string;
  @ApiProperty({ description: 'Clicks by people' }) clicks!: number;
  @ApiProperty({ description: 'Clicks by bots and link previews' }) bot_clicks!: number;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_click_at!: Date | null;
}

class ShortLinkIdDto {
  @ApiProperty({ example: '1042', description: 'The link id (`link` filter of the analytics)' }) id!: string;
}

/** A link found by the search: its id (what `GET /api/analytics?link=` takes) and the link's own fields. */
export class ShortLinkRefDto extends IntersectionType(
  ShortLinkIdDto,
  PickType(ShortLinkDto, ['code', 'url', 'domain', 'target'] as const),
) {
  @SubIdProperty() sub_id!: string;
}

export class ShortLinkSearchPageDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [ShortLinkRefDto], description: 'Newest first' }) links!: ShortLinkRefDto[];
  @ApiProperty() page!: number;
  @ApiProperty() per_page!: number;
  @ApiProperty({ description: 'Whether a next page exists (no total: counting 100,000 links per keystroke is waste)' })
  has_more!: boolean;
}

export class ShortLinksPageDto extends PagedResponse('short_links', ShortLinkDto) {}

export class ClicksPerDayDto {
  @ApiProperty({ example: '2026-01-31', description: 'UTC day' }) day!: string;
  @ApiProperty() clicks!: number;
  @ApiProperty() bot_clicks!: number;
}

class ClicksTotalDto {
  @ApiProperty() clicks!: number;
  @ApiProperty() bot_clicks!: number;
}

export class ClicksDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [ClicksPerDayDto] }) days!: ClicksPerDayDto[];
  @ApiProperty({ type: ClicksTotalDto }) total!: ClicksTotalDto;
}

class SubIdClicksDto {
  @ApiProperty() sub_id!: string;
  @ApiProperty() links!: number;
  @ApiProperty() clicks!: number;
  @ApiProperty() bot_clicks!: number;
}

export class SubIdsDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: [SubIdClicksDto] }) sub_ids!: SubIdClicksDto[];
}

class TxtRecordDto {
  @ApiProperty({ enum: ['TXT'] }) type!: 'TXT';
  @ApiProperty({ example: '_linkconv.go.example.com' }) name!: string;
  @ApiProperty() value!: string;
}

export class CustomDomainDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'go.example.com' }) domain!: string;
  @ApiProperty({ enum: CUSTOM_DOMAIN_STATUSES }) status!: string;
  @ApiProperty({ type: TxtRecordDto, description: 'The record to publish' }) txt_record!: TxtRecordDto;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_checked_at!: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) verified_at!: Date | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
}

export class CustomDomainsDto {
  @OkTrue() ok!: true;
  @ApiProperty({ enum: MEMBER_PLANS }) plan!: string;
  @ApiProperty({ type: [CustomDomainDto] }) domains!: CustomDomainDto[];
}

export class CustomDomainResponseDto {
  @OkTrue() ok!: true;
  @ApiProperty({ type: CustomDomainDto }) domain!: CustomDomainDto;
}
