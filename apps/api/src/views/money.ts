import { WHOLE_CURRENCIES } from '@app/analytics';
import Decimal from 'decimal.js';

/** Decimals shown per currency: none for those without minor units in use (VND, IDR), two for the others. */
export function moneyDecimals(currency: string): number {
  return WHOLE_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * The one money formatter of the pages: an exact decimal string (as the API gives it) → `1,242.50 THB`,
 * `1,649,000 IDR`: rounded half up to the currency's decimals with decimal.js (no float on the way), digits grouped
 * by three, the currency after. `currency` '' leaves the code out (the low end of a range).
 */
export function formatMoney(amount: string, currency: string): string {
  const fixed = new Decimal(amount).toFixed(moneyDecimals(currency), Decimal.ROUND_HALF_UP);
  const [whole, fraction] = fixed.split('.');
  const grouped = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
  return currency ? `${grouped} ${currency}` : grouped;
}

/** `12,000 – 24,000 VND`: a range in one currency, the code once at the end; the low end alone without a high. */
export function formatMoneyRange(low: string, high: string | null, currency: string): string {
  const lowText = formatMoney(low, currency);
  return high === null ? lowText : `${lowText.slice(0, -currency.length - 1)} – ${formatMoney(high, currency)}`;
}
