import type { AnalyticsAmount, AnalyticsRow } from '@app/analytics';

/** The columns of the CSV of `GET /api/analytics`, in order. */
const COLUMNS = [
  'key',
  'label',
  'currency',
  'clicks',
  'bot_clicks',
  'orders',
  'cancelled_orders',
  'conversion_rate',
  'gmv',
  'commission_pending',
  'commission_completed',
  'commission_cancelled',
  'net_commission',
  'epc',
] as const;

/**
 * The rows of `GET /api/analytics` as CSV (`format=csv` or `Accept: text/csv`): one line per row and currency
 * (money is never summed across currencies), CRLF line ends, every cell through `csvCell`.
 */
export function analyticsCsv(rows: AnalyticsRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const r of rows) {
    const amounts: Array<AnalyticsAmount | null> = r.amounts && r.amounts.length > 0 ? r.amounts : [null];
    for (const a of amounts) {
      lines.push(
        [
          r.key,
          r.label,
          a?.currency,
          r.clicks,
          r.bot_clicks,
          r.orders,
          r.cancelled_orders,
          r.conversion_rate,
          a?.gmv,
          a?.commission_pending,
          a?.commission_completed,
          a?.commission_cancelled,
          a?.net_commission,
          a?.epc,
        ]
          .map((v) => csvCell(v ?? ''))
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A spreadsheet cell that starts a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'`, so a spreadsheet
 * shows it instead of running it (a name in a report may be `=HYPERLINK(…)`), and so does each part of it after a
 * `;` or a tab that starts one: a spreadsheet in a locale whose list separator is `;` (pt-BR, id-ID) splits the
 * cell there, and would run `x;=cmd|…` as a formula. Quotes, commas and line breaks quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) {
    text = text.replace(/(?<=[;\t])(?=[=+\-@])/g, "'");
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
