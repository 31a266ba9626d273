import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ImportProblemDto {
  @ApiProperty({ description: 'Record number in the file (the header row is 1)' })
  row!: number;
  @ApiProperty({
    enum: [
      'missing_order_id',
      'missing_item_id',
      'bad_time',
      'bad_amount',
      'bad_quantity',
      'unknown_status',
      'bad_currency',
      'duplicate_row',
    ],
  })
  reason!: string;
  @ApiProperty()
  message!: string;
}

/** What an import did, or (preview) would do. */
export class ImportSummaryDto {
  @ApiProperty({ enum: [true] })
  ok!: true;
  @ApiProperty({ description: 'false: a preview, nothing was written' })
  applied!: boolean;
  @ApiProperty({ enum: ['shopee', 'lazada'] })
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
}
