import {
  failureForStatus,
  isRecord,
  parseJson,
  shopeeFailure,
  shopeeGraphqlRequest,
  unreadable,
  type Attempt,
  type OutboundRequest,
  type OutboundResponse,
  type ShopeeAppCredentials,
} from '@app/outbound';
import { decimalText, withEstimates, type ProductDetails } from '../product-details';

const label = 'The Shopee Affiliate Open API';

/** The fields read from a `productOfferV2` node. */
const NODE_FIELDS =
  'itemId productName imageUrl priceMin priceMax commissionRate sellerCommissionRate shopeeCommissionRate ' +
  'commission sales ratingStar shopId shopName periodStartTime periodEndTime';

/**
 * `productOfferV2(shopId, itemId)`: the one product of a shop, as a GraphQL query on the Open API endpoint. The ids
 * are digits (checked by the caller) written into the query, so no variable type (`Int64`) is guessed.
 */
export function productOfferQuery(shopId: string, itemId: string): string {
  if (!/^\d{1,20}$/.test(shopId) || !/^\d{1,20}$/.test(itemId)) throw new Error('Shopee ids are digits');
  return `query productOfferV2 { productOfferV2(shopId: ${shopId}, itemId: ${itemId}, limit: 1) { nodes { ${NODE_FIELDS} } } }`;
}

/** The signed request (`Authorization: SHA256 Credential=…, Timestamp=…, Signature=…`) at `timestamp` (unix s). */
export function productOfferRequest(
  endpoint: string,
  shopId: string,
  itemId: string,
  credentials: ShopeeAppCredentials,
  timestamp: number,
): OutboundRequest {
  const body = JSON.stringify({ query: productOfferQuery(shopId, itemId), operationName: 'productOfferV2' });
  return shopeeGraphqlRequest(endpoint, body, credentials, timestamp);
}

/** What a product lookup answers: the details, or that the marketplace has no such product. */
export type Lookup = { found: true; details: ProductDetails } | { found: false };

const text = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim().slice(0, max) : null;

/** An image or page link from the answer: plain http(s) only. */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || /[\s<>"'`]/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const count = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * The answer: always HTTP 200 once received, `{data: {productOfferV2: {nodes: [...]}}}` (an empty list: no such
 * product in the affiliate programme) or `{errors: [{message, extensions: {code}}]}` with the documented codes.
 * Rates are fractions (`"0.12"` = 12 %), prices decimal strings in the site's currency.
 */
export function parseProductOffer(
  res: OutboundResponse,
  ids: { shopId: string; itemId: string },
  currency: string,
  fetchedAt: Date,
): Attempt<Lookup> {
  if (res.status !== 200) return { ok: false, failure: failureForStatus(res.status, label) };
  const body = parseJson(res.text);
  if (!isRecord(body)) return { ok: false, failure: unreadable(label) };
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first = body.errors[0];
    const code = isRecord(first) && isRecord(first.extensions) ? Number(first.extensions.code) : NaN;
    return { ok: false, failure: shopeeFailure(code) };
  }
  const offer = isRecord(body.data) && isRecord(body.data.productOfferV2) ? body.data.productOfferV2 : null;
  if (!offer || !Array.isArray(offer.nodes)) return { ok: false, failure: unreadable(label) };
  const node = offer.nodes.find((entry) => isRecord(entry) && String(entry.itemId) === ids.itemId);
  if (!isRecord(node)) return { ok: true, value: { found: false } };
  const priceMin = decimalText(node.priceMin);
  const end = count(node.periodEndTime);
  const details = withEstimates({
    item_id: ids.itemId,
    shop_id: node.shopId !== undefined ? String(node.shopId) : ids.shopId,
    name: text(node.productName),
    image_url: safeUrl(node.imageUrl),
    currency,
    price_min: priceMin,
    price_max: decimalText(node.priceMax) ?? priceMin,
    commission_rate: decimalText(node.commissionRate),
    shop_name: text(node.shopName, 200),
    rating: decimalText(node.ratingStar),
    units_sold: count(node.sales),
    offer_end_time: end ? new Date(end * 1000).toISOString() : null,
    source: 'shopee_open_api',
    fetched_at: fetchedAt.toISOString(),
  });
  return { ok: true, value: { found: true, details } };
}
