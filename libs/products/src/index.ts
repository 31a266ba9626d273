export { ProductsModule } from './products.module';
export { ProductDetailsService, productTimeout } from './product-details.service';
export {
  productPageUrl,
  type ProductDetails,
  type ProductError,
  type ProductLink,
  type ProductOutcome,
} from './product-details';
export { ProductDetailsDto, ProductErrorDto } from './dto/product.dto';
export { productsConfig } from './products.config';
