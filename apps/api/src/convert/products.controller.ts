import { Controller, Get, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProperty,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AppException, ErrorResponseDto, OkTrue } from '@app/common';
import { TextConverter } from '@app/conversion';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import { ProductDetailsDto, ProductDetailsService, type ProductDetails, type ProductOutcome } from '@app/products';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';

/** Longest `url` taken (a marketplace link with its tracking parameters fits easily). */
const MAX_URL_CHARS = 4096;

class ProductResponseDto {
  @OkTrue() ok!: true;
  @ApiProperty({ description: 'The link asked about, as sent', example: 'https://s.shopee.vn/AbC123' }) url!: string;
  @ApiProperty({ enum: ['shopee', 'lazada'], example: 'shopee' }) marketplace!: string;
  @ApiProperty({
    description: 'The product page the link leads to (short links resolved), clean',
    example: 'https://shopee.vn/product/123456/7891011',
  })
  product_url!: string;
  @ApiProperty({ type: ProductDetailsDto }) product!: ProductDetailsDto;
}

@ApiTags('convert')
@Controller('api')
export class ProductsController {
  constructor(
    private readonly conversion: TextConverter,
    private readonly products: ProductDetailsService,
  ) {}

  @Get('products')
  @KeyAndTokenRoute({
    ok: { type: ProductResponseDto },
    forbidden: "not_configured: the marketplace's API credentials are not saved or were refused",
    tooManyRequests:
      'Or quota_exceeded: your Shopee Open API calls for product details this hour ' +
      '(SHOPEE_PRODUCT_CALLS_PER_HOUR, `Retry-After` until the next hour) or the marketplace refused for its rate limit.',
  })
  @RequiresScope('products:read')
  @ApiOperation({
    operationId: 'getProduct',
    summary: 'Product details and commission of one marketplace link',
    description:
      'The product behind one Shopee or Lazada link (short links resolved as convert resolves them): name, image, ' +
      'price, commission rate and what you would earn at that price, from the marketplace affiliate API with your ' +
      'saved credentials (Shopee Affiliate Open API `productOfferV2`; Lazada `marketing/getlink`). The same details ' +
      'as `include: ["product"]` in a convert call, from the same cache (PRODUCT_CACHE_TTL_SECONDS).',
  })
  @ApiQuery({
    name: 'url',
    type: String,
    description: 'A Shopee or Lazada product link, short links included',
    required: true,
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'invalid_request (`field: "url"`): no url, not a link, or no product details for it',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found: the marketplace has no offer for it' })
  @ApiServiceUnavailableResponse({
    type: ErrorResponseDto,
    description: 'unavailable: the marketplace API did not answer usably',
  })
  async product(@Req() req: AuthenticatedRequest, @Query('url') url?: unknown): Promise<ProductResponseDto> {
    const link = checkedUrl(url);
    const target = (await this.conversion.linkTargets([link], false)).get(link);
    if (!target) {
      throw new AppException('invalid_request', 'url is not a link of a supported marketplace (Shopee, Lazada)', {
        field: 'url',
      });
    }
    if (!target.ok) throw new AppException('invalid_request', `url: ${target.error.message}`, { field: 'url' });
    const [outcome] = await this.products.detailsFor([target.link], req.principal.memberId);
    const product = productOf(outcome);
    return {
      ok: true,
      url: link,
      marketplace: target.link.marketplace,
      product_url: target.link.canonicalUrl ?? link,
      product,
    };
  }
}

function checkedUrl(url: unknown): string {
  if (typeof url !== 'string' || url.trim().length === 0) {
    throw new AppException('invalid_request', 'url is required: a Shopee or Lazada product link', { field: 'url' });
  }
  const text = url.trim();
  if (text.length > MAX_URL_CHARS || !/^https?:\/\/\S+$/i.test(text)) {
    throw new AppException('invalid_request', `url must be an http(s) link of at most ${MAX_URL_CHARS} characters`, {
      field: 'url',
    });
  }
  return text;
}

/** The details, or the request-level error of a lookup that gave none. */
function productOf(outcome: ProductOutcome): ProductDetails {
  if (outcome.ok) return outcome.product;
  const { code, message } = outcome.error;
  switch (code) {
    case 'product_not_configured':
    case 'product_credentials_refused':
      throw new AppException('not_configured', message);
    case 'product_quota_exceeded':
      throw new AppException('quota_exceeded', message, { retryAfterSeconds: outcome.retryAfterSeconds ?? 60 });
    case 'product_not_found':
      throw new AppException('not_found', message);
    case 'product_unsupported':
      throw new AppException('invalid_request', message, { field: 'url' });
    default:
      throw new AppException('unavailable', message);
  }
}
