import Decimal from 'decimal.js';
import {
  failureForStatus,
  isRecord,
  lazadaFailure,
  lazadaGetLinkRequest,
  parseJson,
  unreadable,
  type Attempt,
  type LazadaCredentials,
  type OutboundRequest,
  type OutboundResponse,
} from '@app/outbound';
import { decimalText, withEstimates } from '../product-details';
import { safeUrl, type Lookup } from './shopee-product-offer';

const label = 'The Lazada Affiliate API';

/** `GET <base>/marketing/getlink?inputType=url&inputValue=<product URL>`, signed (the same call as marketplace_api). */
export function lazadaProductRequest(
  baseUrl: string,
  productUrl: string,
  credentials: LazadaCredentials,
  timestampMs: number,
): OutboundRequest {
  return lazadaGetLinkRequest(baseUrl, [productUrl], [], credentials, timestampMs);
}

/** `regularCommission` as a fraction: `"5%"` → `"0.05"`, `"0.05"` → `"0.05"`, `"12"` → `"0.12"`. */
export function lazadaRate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const raw = String(value).trim();
  const percent = raw.endsWith('%');
  const number = decimalText(percent ? raw.slice(0, -1).trim() : raw);
  if (number === null) return null;
  return percent || new Decimal(number).gt(1) ? new Decimal(number).div(100).toFixed() : number;
}

const text = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim().slice(0, max) : null;

/**
 * The getlink answer for one product URL: `result.data.urlBatchGetLinkInfoList[{originalUrl, productId,
 * regularCommission, …}]` or the URL in `errorInfoList` (not found, not in the programme). The rate comes from
 * `regularCommission`; name, image, price, shop, rating and sales only when the entry carries them
 * (`productName`, `pictures[0]` or `productImage`, `discountPrice` or `price`, `sellerName`, `ratingScore`, `sales`).
 */
export function parseLazadaProduct(
  res: OutboundResponse,
  productUrl: string,
  itemId: string,
  currency: string,
  fetchedAt: Date,
): Attempt<Lookup> {
  const body = parseJson(res.text);
  if (isRecord(body) && typeof body.code === 'string' && body.code !== '0') {
    return { ok: false, failure: lazadaFailure(body.code) };
  }
  if (res.status !== 200) return { ok: false, failure: failureForStatus(res.status, label) };
  if (!isRecord(body)) return { ok: false, failure: unreadable(label) };
  const data =
    isRecord(body.result) && isRecord(body.result.data) ? body.result.data : isRecord(body.data) ? body.data : null;
  if (!data) return { ok: false, failure: unreadable(label) };
  const errors = Array.isArray(data.errorInfoList) ? data.errorInfoList : [];
  if (errors.some((entry) => isRecord(entry) && entry.inputValue === productUrl)) {
    return { ok: true, value: { found: false } };
  }
  const list = Array.isArray(data.urlBatchGetLinkInfoList) ? data.urlBatchGetLinkInfoList : [];
  const entry = list.find((candidate) => isRecord(candidate) && candidate.originalUrl === productUrl);
  if (!isRecord(entry)) return { ok: false, failure: unreadable(label) };
  const picture = Array.isArray(entry.pictures) ? entry.pictures[0] : entry.productImage;
  const price = decimalText(entry.discountPrice) ?? decimalText(entry.price);
  const sales = typeof entry.sales === 'number' && Number.isSafeInteger(entry.sales) ? entry.sales : null;
  return {
    ok: true,
    value: {
      found: true,
      details: withEstimates({
        item_id: typeof entry.productId === 'string' && /^\d+$/.test(entry.productId) ? entry.productId : itemId,
        shop_id: null,
        name: text(entry.productName),
        image_url: safeUrl(picture),
        currency,
        price_min: price,
        price_max: price,
        commission_rate: lazadaRate(entry.regularCommission),
        shop_name: text(entry.sellerName, 200),
        rating: decimalText(entry.ratingScore),
        units_sold: sales,
        offer_end_time: null,
        source: 'lazada_affiliate_api',
        fetched_at: fetchedAt.toISOString(),
      }),
    },
  };
}
