import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OkTrue } from '@app/common';
import { ProductDetailsDto, ProductErrorDto } from '@app/products';
import { ITEM_ERROR_CODES } from '../modes/item-error';

class ItemErrorDto {
  @ApiProperty({ enum: ITEM_ERROR_CODES })
  code!: string;

  @ApiProperty()
  message!: string;
}

class ConvertItemDto {
  @ApiProperty({ description: 'Position among the marketplace links of the text, from 0' }) index!: number;
  @ApiProperty({ description: 'The link exactly as found in content' }) input!: string;
  @ApiProperty({ description: 'Start offset in content (JavaScript string index)' }) start!: number;
  @ApiProperty({ description: 'End offset in content (exclusive)' }) end!: number;
  @ApiProperty({ enum: ['shopee', 'lazada', 'tiktok', 'tiki'], example: 'shopee' }) marketplace!: string;
  @ApiProperty({ nullable: true, type: String }) output!: string | null;
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ type: ItemErrorDto }) error?: ItemErrorDto;
  @ApiPropertyOptional({
    type: ProductDetailsDto,
    description: 'With `include: ["product"]`: the product behind the link',
  })
  product?: ProductDetailsDto;
  @ApiPropertyOptional({
    type: ProductErrorDto,
    description: 'With `include: ["product"]`: why the item has no `product` (the link is converted all the same)',
  })
  product_error?: ProductErrorDto;
}

class SummaryDto {
  @ApiProperty() total!: number;
  @ApiProperty() success!: number;
  @ApiProperty() failed!: number;
}

export class ConvertResponseDto {
  @OkTrue() ok!: true;
  @ApiProperty({ example: 'Converted 1/1 link' }) message!: string;
  @ApiProperty({ example: 'Affiliate link' }) mode!: string;
  @ApiProperty({ description: 'content with every converted link replaced' }) output!: string;
  @ApiProperty({ type: SummaryDto }) summary!: SummaryDto;
  @ApiProperty({ type: [ConvertItemDto] }) items!: ConvertItemDto[];
}
