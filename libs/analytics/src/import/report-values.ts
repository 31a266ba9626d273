import Decimal from 'decimal.js';
import { REPORT_UTC_OFFSET, WHOLE_CURRENCIES } from './report-formats';

/**
 * A money cell → an exact decimal string (`"265,753"` → `"265753"`, `"2.546,18"` → `"2546.18"`, `"₫ 10630.12"` →
 * `"10630.12"`), or null when it is not a number. Separators: with both `.` and `,` the last one is the decimal
 * mark; with one of them repeated, or followed by exactly three digits in a currency without minor units (VND,
 * IDR: `769.945` is 769945), it groups thousands; otherwise it is the decimal mark. Empty, `-` and `--` are 0.
 */
export function parseMoney(raw: string | undefined, currency: string | null): string | null {
  let text = (raw ?? '').trim().replace(/[\s\u00a0]/g, '');
  if (text === '' || text === '-' || text === '--') return '0';
  text = text.replace(/^(?:[^\d+-]{1,3})(?=[\d+-])/u, '').replace(/(?<=\d)[^\d.,]{1,3}$/u, '');
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let normalized: string;
  if (lastDot !== -1 && lastComma !== -1) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const group = decimalMark === '.' ? ',' : '.';
    const [whole, fraction] = [
      text.slice(0, text.lastIndexOf(decimalMark)),
      text.slice(text.lastIndexOf(decimalMark) + 1),
    ];
    if (!/^\d{1,3}([.,]\d{3})*$/.test(whole) || whole.includes(decimalMark) || !/^\d+$/.test(fraction)) return null;
    normalized = `${whole.split(group).join('')}.${fraction}`;
  } else if (lastDot !== -1 || lastComma !== -1) {
    const mark = lastDot !== -1 ? '.' : ',';
    const parts = text.split(mark);
    const grouped = /^\d{1,3}$/.test(parts[0]) && parts.slice(1).every((part) => /^\d{3}$/.test(part));
    if (parts.length > 2) {
      if (!grouped) return null;
      normalized = parts.join('');
    } else if (grouped && (mark === ',' || (currency !== null && WHOLE_CURRENCIES.has(currency)))) {
      normalized = parts.join('');
    } else {
      normalized = parts.join('.');
    }
  } else {
    normalized = text;
  }
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  const value = new Decimal(normalized);
  if (value.decimalPlaces() > 6 || value.greaterThanOrEqualTo('1e15')) return null;
  return (negative ? value.negated() : value).toFixed();
}

/** A quantity: a whole number ≥ 0 (empty: 1, one row is one item). */
export function parseQty(raw: string | undefined): number | null {
  const text = (raw ?? '').trim().replace(/[.,\s]/g, '');
  if (text === '') return 1;
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * A report time → a Date. `YYYY-MM-DD HH:mm[:ss]`, `DD/MM/YYYY HH:mm[:ss]` and `YYYY/MM/DD …` carry no zone: they
 * are the report region's local time (`REPORT_UTC_OFFSET` of the currency; UTC when unknown). ISO times with a
 * zone and unix seconds are taken as they are. Empty, `-` and `--` are null; anything else is `undefined` (bad).
 */
export function parseReportTime(raw: string | undefined, currency: string | null): Date | null | undefined {
  const text = (raw ?? '').trim();
  if (text === '' || text === '-' || text === '--') return null;
  if (/^\d{9,10}$/.test(text)) {
    const date = new Date(Number(text) * 1000);
    return date.getTime() >= EARLIEST_REPORT_TIME && date.getTime() < LATEST_REPORT_TIME ? date : undefined;
  }
  const offset = (currency && REPORT_UTC_OFFSET[currency]) || 'Z';
  let match =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(
      text,
    );
  let parts: string[] | null = null;
  if (match) parts = [match[1], match[2], match[3], match[4], match[5], match[6], match[7]];
  else {
    match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (match) parts = [match[3], match[2], match[1], match[4], match[5], match[6], undefined as unknown as string];
  }
  if (!parts) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0', zone] = parts;
  const pad = (v: string | undefined, n = 2) => (v ?? '0').padStart(n, '0');
  const iso = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : offset}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || Number(h) > 23 || !isCalendarDay(Number(y), Number(mo), Number(d))) {
    return undefined;
  }
  return date.getTime() >= EARLIEST_REPORT_TIME && date.getTime() < LATEST_REPORT_TIME ? date : undefined;
}

/** The times a report line may carry: none before the marketplaces, none past what PostgreSQL's dates reach. */
const EARLIEST_REPORT_TIME = Date.UTC(2000, 0, 1);
const LATEST_REPORT_TIME = Date.UTC(2100, 0, 1);

/** Whether year, month and day (1-based) name a day of the calendar (`2026-02-30` does not: no silent roll-over). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The sub ids of a line joined as short links store them (`s1-s2-s3`): the slots in order, trailing empty slots
 * dropped (Shopee's `utmContent` pads to five: `FB----` is `FB`), inner empty slots kept (`-x` is slot 2 alone).
 */
export function joinSubIds(slots: ReadonlyArray<string | undefined>): string {
  const values = slots.map((slot) => (slot ?? '').trim());
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return values.join('-').slice(0, 300);
}

/**
 * A Lazada line's item id, from what its report gives: an item or product id column, a product page URL
 * (`…-i<item>-s<sku>.html`), or a SKU written as the platform's shop SKU (`<item>_VNAMZ-<sku>`); '' when none
 * says (a plain SKU id names no item: the import then takes the item of the member's link for that SKU).
 */
export function lazadaItemId(values: { itemId?: string; productUrl?: string; sku?: string }): string {
  const item = (values.itemId ?? '').trim();
  if (/^\d{1,20}$/.test(item)) return item;
  const url = /-i(\d{1,20})(?:-s\d{1,20})?\.html/.exec(values.productUrl ?? '');
  if (url) return url[1];
  const shopSku = /^(\d{1,20})_[A-Z]{2}AMZ(?:-\d{1,20})?$/i.exec((values.sku ?? '').trim());
  return shopSku ? shopSku[1] : '';
}

/** `utmContent` (`s1-s2-s3-s4-s5`, padded) → the joined form of `joinSubIds`. */
export function subIdOfUtmContent(utmContent: string | null | undefined): string {
  return joinSubIds((utmContent ?? '').split('-'));
}
