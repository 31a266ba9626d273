import { ApiProperty } from '@nestjs/swagger';
import { PRODUCT_ERROR_CODES, type ProductSource } from '../product-details';

const money = (description: string, example: string | null) => ({
  type: String,
  nullable: true,
  pattern: '^\\d+(\\.\\d+)?$',
  description,
  example,
});

/** `product` of a convert item and of `GET /api/products`. */
export class ProductDetailsDto {
  @ApiProperty({ example: '7891011' }) item_id!: string;
  @ApiProperty({ type: String, nullable: true, example: '123456' }) shop_id!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Áo Thun Nam Cotton' }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri', example: 'https://cf.shopee.vn/file/abc123' })
  image_url!: string | null;
  @ApiProperty({ description: 'ISO 4217 code of the prices', example: 'VND' }) currency!: string;
  @ApiProperty(money('The price when the product has one (price_min = price_max), else null', '172000'))
  price!: string | null;
  @ApiProperty(money('Lowest price of the product (its variations)', '172000')) price_min!: string | null;
  @ApiProperty(money('Highest price of the product (its variations)', '172000')) price_max!: string | null;
  @ApiProperty(money('Commission rate as a fraction ("0.12" = 12 %)', '0.12')) commission_rate!: string | null;
  @ApiProperty(money('What you would earn at price_min: price_min × commission_rate, exact', '20640'))
  estimated_commission!: string | null;
  @ApiProperty(money('What you would earn at price_max', '20640')) estimated_commission_max!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Shop Thời Trang' }) shop_name!: string | null;
  @ApiProperty({ ...money('Average rating out of 5', '4.8'), pattern: undefined }) rating!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 1520 }) units_sold!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the commission offer ends' })
  offer_end_time!: string | null;
  @ApiProperty({ enum: ['shopee_open_api', 'lazada_affiliate_api'] }) source!: ProductSource;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the details were read from the marketplace' })
  fetched_at!: string;
}

/** `product_error` of a convert item: why it has no `product` (the converted link is there all the same). */
export class ProductErrorDto {
  @ApiProperty({ enum: PRODUCT_ERROR_CODES }) code!: string;
  @ApiProperty({ example: 'Save your Shopee Affiliate Open API app id and secret (…) to get Shopee product details' })
  message!: string;
}
