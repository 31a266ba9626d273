import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import {
  ANALYTICS_EVENTS,
  ANALYTICS_GROUPS,
  ANALYTICS_INTERVALS,
  type AnalyticsGroup,
  type AnalyticsInterval,
  REPORT_MARKETPLACES,
  ROW_PROBLEM_REASONS,
} from '@app/analytics';
import { IntQuery, OptionalText } from '../dto-fields';

/** An item id as the marketplaces' reports give it (Shopee item id, Lazada SKU). */
export const ITEM_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export class ImportProblemDto {
  @ApiProperty({ description: 'Record number in the file (the header row is 1)' })
  row!: number;
  @ApiProperty({ enum: [...ROW_PROBLEM_REASONS, 'duplicate_row'] })
  reason!: string;
  @ApiProperty()
  message!: string;
}

/** What an import did, or (preview) would do. */
/** When the report was made, how that is known, and the account it is of. */
export class ImportReportDto {
  @ApiProperty({ format: 'date-time' })
  made_at!: string;
  @ApiProperty({
    enum: ['stated', 'file_name', 'upload', 'pull'],
    description: "`stated` by `exported_at`, from the portal's `file_name`, or the `upload` time",
  })
  made_at_from!: string;
  @ApiProperty({ nullable: true, type: String })
  affiliate_id!: string | null;
}

export class ImportSummaryDto {
  @ApiProperty({ enum: [true] })
  ok!: true;
  @ApiProperty({ description: 'false: a preview, nothing was written' })
  applied!: boolean;
  @ApiProperty({ enum: REPORT_MARKETPLACES })
  marketplace!: 'shopee' | 'lazada';
  @ApiProperty({ type: [String], example: ['VND'] })
  currencies!: string[];
  @ApiProperty()
  rows_read!: number;
  @ApiProperty({ description: 'Lines not stored before' })
  new!: number;
  @ApiProperty({ description: 'Lines stored before whose status or amounts changed' })
  updated!: number;
  @ApiProperty()
  unchanged!: number;
  @ApiProperty()
  skipped!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { duplicate_row: 2 } })
  skipped_by_reason!: Record<string, number>;
  @ApiProperty({ type: [ImportProblemDto], description: 'The first 100 skipped rows' })
  problems!: ImportProblemDto[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, example: { 'completed→cancelled': 1 } })
  status_changes!: Record<string, number>;
  @ApiPropertyOptional({ description: 'Lines attributed to one of your short links' })
  attributed_to_links!: number;
  @ApiProperty({
    description:
      'Lines attributed to none of your links (none was made with their sub ids for the same marketplace, region and account): they count for their sub id, and as "unattributed" by link',
  })
  unattributed!: number;
  @ApiProperty({
    description:
      "Of those, lines whose sub ids have links of several affiliate accounts: name the file's account with `affiliate_id`",
  })
  ambiguous_account!: number;
  @ApiProperty({ description: 'Lines not written over the stored ones (see kept_by_reason)' })
  kept!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description:
      '`older_report`: the stored line was set by a report made later; `final_status`: the stored status is final (cancelled; completed never goes back to pending)',
    example: { older_report: 2 },
  })
  kept_by_reason!: Record<string, number>;
  @ApiProperty({ type: ImportReportDto })
  report!: ImportReportDto;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;

/** `GET /api/analytics` (and the account page's `GET /account/analytics`). */
export class AnalyticsQueryDto {
  @ApiPropertyOptional({
    description:
      'Which figures, comma-separated: `clicks`, `orders` (orders, cancelled orders, GMV), `commission` (by status, net, EPC). The first one orders the rows. Default: all three.',
    example: 'commission,clicks',
  })
  @IsOptional()
  @IsString()
  @Matches(new RegExp(`^(${ANALYTICS_EVENTS.join('|')})(,(${ANALYTICS_EVENTS.join('|')}))*$`), {
    message: `event is a comma-separated list of ${ANALYTICS_EVENTS.join(', ')}`,
  })
  event?: string;

  @ApiPropertyOptional({ enum: ANALYTICS_GROUPS, default: 'count' })
  @IsOptional()
  @IsIn(ANALYTICS_GROUPS)
  groupBy?: AnalyticsGroup;

  @ApiPropertyOptional({
    description: 'First day (or local time `YYYY-MM-DDTHH:mm`) in `timezone`, included. Default: 30 days before `end`.',
    example: '2026-08-01',
  })
  @IsOptional()
  @Matches(LOCAL_TIME, { message: 'start is YYYY-MM-DD or YYYY-MM-DDTHH:mm' })
  start?: string;

  @ApiPropertyOptional({
    description: 'Last day in `timezone`, included (a local time `YYYY-MM-DDTHH:mm` is excluded). Default: today.',
    example: '2026-08-31',
  })
  @IsOptional()
  @Matches(LOCAL_TIME, { message: 'end is YYYY-MM-DD or YYYY-MM-DDTHH:mm' })
  end?: string;

  @ApiPropertyOptional({ enum: ANALYTICS_INTERVALS, default: 'day', description: 'The bucket of `groupBy=timeseries`' })
  @IsOptional()
  @IsIn(ANALYTICS_INTERVALS)
  interval?: AnalyticsInterval;

  @ApiPropertyOptional({
    description: 'IANA time zone that decides days and hours',
    default: 'UTC',
    example: 'Asia/Ho_Chi_Minh',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/, { message: 'timezone is an IANA time zone such as Asia/Ho_Chi_Minh' })
  timezone?: string;

  @OptionalText(300, { description: 'Only this sub id combination (`s1-s2`, as the link was made)' })
  sub_id?: string;

  @IntQuery({ minimum: 1, maximum: 6, description: 'With `groupBy=sub_id`: group by this slot only' })
  sub_id_position?: number;

  @ApiPropertyOptional({ description: 'Only this short link (its id, as `groupBy=link` returns it)' })
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'link is a link id' })
  link?: string;

  @ApiPropertyOptional({ enum: ['shopee', 'lazada', 'tiktok', 'tiki'] })
  @IsOptional()
  @IsIn(['shopee', 'lazada', 'tiktok', 'tiki', 'other'])
  marketplace?: string;

  @ApiPropertyOptional({ description: 'Only this item id (Shopee item id, Lazada SKU)' })
  @IsOptional()
  @Matches(ITEM_ID, { message: 'item is an item id' })
  item?: string;

  @ApiPropertyOptional({ description: 'Only clicks from this country (ISO 3166 alpha-2); order figures are left out' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country is a 2-letter code' })
  country?: string;

  @ApiPropertyOptional({
    enum: ['mobile', 'tablet', 'desktop', 'tv', 'bot'],
    description: 'Only clicks from this device type',
  })
  @IsOptional()
  @IsIn(['mobile', 'tablet', 'desktop', 'tv', 'bot', ''])
  device?: string;

  @ApiPropertyOptional({ description: 'Only orders in this currency (ISO 4217); click figures are left out' })
  @IsOptional()
  @Matches(/^[A-Za-z]{3}$/, { message: 'currency is a 3-letter code' })
  currency?: string;

  @IntQuery({ minimum: 1, maximum: 1000, default: 100, description: 'Rows of a grouping (not of a timeseries)' })
  limit?: number;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json', description: 'Or `Accept: text/csv`' })
  @IsOptional()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}

/** Money of one currency in a row: exact decimal strings, never summed across currencies. */
export class AnalyticsAmountDto {
  @ApiProperty({ example: 'VND' })
  currency!: string;
  @ApiProperty({ description: 'Σ purchase value of the lines not cancelled', example: '440000' })
  gmv!: string;
  @ApiProperty({ description: 'Σ net commission of unpaid and pending lines', example: '3000' })
  commission_pending!: string;
  @ApiProperty({ description: 'Σ net commission of completed lines', example: '15000' })
  commission_completed!: string;
  @ApiProperty({ description: 'Σ commission of cancelled lines (what was lost)', example: '0' })
  commission_cancelled!: string;
  @ApiProperty({ description: 'pending + completed', example: '18000' })
  net_commission!: string;
  @ApiProperty({ nullable: true, type: String, description: 'net_commission / clicks (people)', example: '450' })
  epc!: string | null;
}

export class AnalyticsRowDto {
  @ApiProperty({ description: "The group's value: '' for count, a local time for a timeseries, a sub id, a link id…" })
  key!: string;
  @ApiProperty({ nullable: true, type: String, description: "A link's URL, an item's or a shop's name" })
  label!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Clicks by people (null: not known for this grouping)' })
  clicks!: number | null;
  @ApiProperty({ nullable: true, type: Number })
  bot_clicks!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Distinct orders with a line not cancelled' })
  orders!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Distinct orders whose every line is cancelled' })
  cancelled_orders!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'orders / clicks' })
  conversion_rate!: number | null;
  @ApiProperty({ nullable: true, type: [AnalyticsAmountDto] })
  amounts!: AnalyticsAmountDto[] | null;
}

export class AnalyticsResponseDto {
  @ApiProperty({ enum: [true] })
  ok!: true;
  @ApiProperty({ enum: ANALYTICS_GROUPS })
  groupBy!: string;
  @ApiProperty({ example: '2026-08-01T00:00' })
  start!: string;
  @ApiProperty({ example: '2026-09-01T00:00', description: 'Excluded' })
  end!: string;
  @ApiProperty({ example: 'Asia/Ho_Chi_Minh' })
  timezone!: string;
  @ApiProperty({ type: [AnalyticsRowDto] })
  rows!: AnalyticsRowDto[];
}

export class SyncQueryDto {
  @ApiProperty({ enum: REPORT_MARKETPLACES })
  @IsIn(REPORT_MARKETPLACES)
  marketplace!: 'shopee' | 'lazada';
}

export class SyncStateDto {
  @ApiProperty({ enum: REPORT_MARKETPLACES })
  marketplace!: string;
  @ApiProperty({ enum: ['never', 'running', 'ok', 'error'] })
  state!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  last_started_at!: Date | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  last_finished_at!: Date | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  last_success_at!: Date | null;
  @ApiProperty({ nullable: true, type: String, description: 'What went wrong, in words' })
  last_error!: string | null;
  @ApiProperty()
  lines_new!: number;
  @ApiProperty()
  lines_updated!: number;
  @ApiProperty({ description: 'Lines the last run skipped (a status word the pull does not know)' })
  lines_skipped!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Skipped lines by reason (`unknown_status`)',
  })
  skipped_by_reason!: Record<string, number>;
  @ApiProperty({ description: 'Calls made to the marketplace in the last run' })
  calls!: number;
}

export class SyncStatesDto {
  @ApiProperty({ enum: [true] })
  ok!: true;
  @ApiProperty({ type: [SyncStateDto] })
  syncs!: SyncStateDto[];
}
