import { configNamespace, int, settingsTable } from '@app/common';

/** Settings of the product details (`include: ["product"]` in a convert call, `GET /api/products`). */
export class ProductsConfig extends settingsTable({
  /**
   * Most time a convert call with `include: ["product"]` waits for product details once its links are converted;
   * items still waiting get `product_error` `product_timeout` (the lookups go on and fill the cache).
   */
  PRODUCT_DETAILS_BUDGET_MS: int(300, 10, 60_000),

  /** How long product details fetched from a marketplace API are reused (per item and member credentials). */
  PRODUCT_CACHE_TTL_SECONDS: int(3600, 10, 7 * 24 * 3600),

  /** Product details kept in process memory (least recently used dropped first; Redis keeps them too when set). */
  PRODUCT_CACHE_MAX_ENTRIES: int(10_000, 100, 1_000_000),

  /**
   * Shopee Affiliate Open API calls for product details per member and clock hour (Shopee allows 2,000 per app
   * and hour); past it, `product_quota_exceeded` until the next hour.
   */
  SHOPEE_PRODUCT_CALLS_PER_HOUR: int(2000, 1, 100_000),
}) {}

export const productsConfig = configNamespace('products', ProductsConfig);
