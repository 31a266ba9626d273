import Decimal from 'decimal.js';
import { currencyOfSite, siteOf } from '@app/marketplaces';

/** Where product details come from. */
export type ProductSource = 'shopee_open_api' | 'lazada_affiliate_api';

/**
 * One product as a marketplace's affiliate API describes it. Money and rates are decimal strings (never floats):
 * `commission_rate` is a fraction (`"0.12"` = 12 %), `estimated_commission` is `price_min × commission_rate`
 * (`estimated_commission_max` at `price_max`), exact, in `currency`.
 */
export interface ProductDetails {
  item_id: string;
  shop_id: string | null;
  name: string | null;
  image_url: string | null;
  currency: string;
  /** The price when the product has one price (price_min = price_max), else null. */
  price: string | null;
  price_min: string | null;
  price_max: string | null;
  commission_rate: string | null;
  estimated_commission: string | null;
  estimated_commission_max: string | null;
  shop_name: string | null;
  /** Average rating out of 5, as a decimal string. */
  rating: string | null;
  units_sold: number | null;
  /** When the commission offer ends (ISO 8601), null when open-ended or not told. */
  offer_end_time: string | null;
  source: ProductSource;
  /** When these details were read from the marketplace (ISO 8601); cached details keep their time. */
  fetched_at: string;
}

/**
 * Why an item has no product details (the converted link is there all the same):
 * - `product_not_configured`: the member has not saved the marketplace's API credentials (the message names them);
 * - `product_unsupported`: no details for this link (TikTok Shop or Tiki, not a product page, a site without API);
 * - `product_not_found`: the marketplace does not know the product or it is not in its affiliate programme;
 * - `product_timeout`: not there within the convert call's budget (`PRODUCT_DETAILS_BUDGET_MS`): ask again later;
 * - `product_quota_exceeded`: the member's Shopee Open API calls of this hour are spent (`SHOPEE_PRODUCT_CALLS_PER_HOUR`);
 * - `product_credentials_refused`: the marketplace refused the saved credentials;
 * - `product_unavailable`: the marketplace API did not answer usably (time-out, error, its circuit open).
 */
export const PRODUCT_ERROR_CODES = [
  'product_not_configured',
  'product_unsupported',
  'product_not_found',
  'product_timeout',
  'product_quota_exceeded',
  'product_credentials_refused',
  'product_unavailable',
] as const;
export type ProductErrorCode = (typeof PRODUCT_ERROR_CODES)[number];

export interface ProductError {
  code: ProductErrorCode;
  message: string;
}

export type ProductOutcome =
  { ok: true; product: ProductDetails } | { ok: false; error: ProductError; retryAfterSeconds?: number };

/**
 * The link to describe: what the conversion library reads from a marketplace link (its `ParsedLink`, short links
 * resolved). Only product pages of Shopee (shop + item id) and Lazada (item id) have details.
 */
export interface ProductLink {
  marketplace: string;
  kind: string;
  region: string;
  canonicalUrl?: string;
  shopId?: string;
  itemId?: string;
}

/**
 * The product page of an item on the marketplace's site for `currency` (Shopee needs the shop), or null when
 * that marketplace has no site in that currency.
 */
export function productPageUrl(marketplace: string, currency: string, shopId: string, itemId: string): string | null {
  const site = siteOf(marketplace, currency);
  if (!site || !/^\d{1,20}$/.test(itemId)) return null;
  if (marketplace === 'shopee')
    return /^\d{1,20}$/.test(shopId) ? `https://shopee.${site}/product/${shopId}/${itemId}` : null;
  return `https://www.lazada.${site}/products/i${itemId}.html`;
}

export function currencyOf(region: string): string | null {
  return currencyOfSite(region);
}

const DECIMAL = /^\d{1,15}(\.\d{1,10})?$/;

/** A non-negative decimal string as the marketplaces send it (`"172000"`, `"0.12"`), or null. */
export function decimalText(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text.trim())) return null;
  return new Decimal(text.trim()).toFixed();
}

/** `price × rate`, exact (decimal.js), plain notation; null when either is missing. */
export function commissionAt(price: string | null, rate: string | null): string | null {
  if (price === null || rate === null) return null;
  return new Decimal(price).mul(rate).toFixed();
}

/** Fills `price`, `estimated_commission` and `estimated_commission_max` from the range and the rate. */
export function withEstimates(
  details: Omit<ProductDetails, 'price' | 'estimated_commission' | 'estimated_commission_max'>,
): ProductDetails {
  const { price_min: min, price_max: max, commission_rate: rate } = details;
  return {
    ...details,
    price: min !== null && (max === null || new Decimal(min).eq(max)) ? min : null,
    estimated_commission: commissionAt(min, rate),
    estimated_commission_max: commissionAt(max ?? min, rate),
  };
}
