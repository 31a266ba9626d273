import { detectLayout, type ReportLayout } from './report-formats';
import { isProblem, lineOfRow } from './report-rows';

/** Every order of a list (a small list: its permutations). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A report of one row given as column → value, written in the order `columns` asks. */
function layoutAndRow(columns: readonly string[], values: Record<string, string>) {
  const detected = detectLayout(columns);
  if (!detected.ok) throw new Error(detected.message);
  return { layout: detected.layout as ReportLayout, row: columns.map((c) => values[c] ?? '') };
}

describe('report formats: columns by name, with an explicit priority', () => {
  const lazada: Record<string, string> = {
    'Conversion Time': '2026-08-11 00:01:00',
    'Order Time': '2026-08-10 23:58:00',
    'Order Number': 'LZ9',
    'Sub Order ID': 'S9',
    SKU: '3101',
    Payout: '1000',
    'Order Amount': '20000',
    Currency: 'VND',
    Status: 'Delivered',
    'Delivered Time': '2026-08-12 10:00:00',
    'Fulfilled Time': '2026-08-11 09:00:00',
  };

  it.each(permutations(['Conversion Time', 'Order Time', 'Delivered Time', 'Fulfilled Time']))(
    'a Lazada order is dated by its order time, whatever the columns order (%s, %s, %s, %s)',
    (...order: string[]) => {
      const columns = [...order, 'Order Number', 'Sub Order ID', 'SKU', 'Payout', 'Order Amount', 'Currency', 'Status'];
      const { layout, row } = layoutAndRow(columns, lazada);
      const line = lineOfRow(row, layout);
      if (isProblem(line)) throw new Error(line.message);
      // 23:58 in Vietnam (UTC+7), converted at 00:01 the next day: the order's day is the 10th.
      expect(line.purchasedAt.toISOString()).toBe('2026-08-10T16:58:00.000Z');
      expect(line.completedAt?.toISOString()).toBe('2026-08-12T03:00:00.000Z');
    },
  );

  it('takes the conversion time only when the file has no order time', () => {
    const columns = ['Conversion Time', 'Order Number', 'Sub Order ID', 'SKU', 'Payout', 'Currency', 'Status'];
    const { layout, row } = layoutAndRow(columns, lazada);
    const line = lineOfRow(row, layout);
    if (isProblem(line)) throw new Error(line.message);
    expect(line.purchasedAt.toISOString()).toBe('2026-08-10T17:01:00.000Z');
  });

  it.each(permutations(['Seller Name', 'Brand Name', 'Shop Name']))(
    'every field takes its first alias present, whatever the order (%s, %s, %s)',
    (...order: string[]) => {
      const columns = ['Order Number', 'SKU', 'Order Time', 'Payout', ...order];
      const detected = detectLayout(columns);
      expect(detected.ok && detected.layout.columns.shop_name).toBe(columns.indexOf('Seller Name'));
    },
  );

  it('skips a line whose item status is a word it does not know, naming it, as the pull does', () => {
    const columns = [
      'Order id',
      'Order Status',
      'Affiliate Item Status',
      'Order Time',
      'Item id',
      'Affiliate Net Commission(₫)',
      'Purchase Value(₫)',
    ];
    const values = (itemStatus: string) => ({
      'Order id': 'SO1',
      'Order Status': 'Completed',
      'Affiliate Item Status': itemStatus,
      'Order Time': '2026-08-10 10:00:00',
      'Item id': '5001',
      'Affiliate Net Commission(₫)': '100',
      'Purchase Value(₫)': '1000',
    });
    const unknown = layoutAndRow(columns, values('Teleported'));
    expect(lineOfRow(unknown.row, unknown.layout)).toMatchObject({
      reason: 'unknown_status',
      message: 'Status "Teleported" is not one the report uses',
    });
    const known = layoutAndRow(columns, values('Cancelled'));
    const line = lineOfRow(known.row, known.layout);
    if (isProblem(line)) throw new Error(line.message);
    expect(line.status).toBe('cancelled');
    const empty = layoutAndRow(columns, values(''));
    const orderOnly = lineOfRow(empty.row, empty.layout);
    if (isProblem(orderOnly)) throw new Error(orderOnly.message);
    expect(orderOnly.status).toBe('completed');
  });
});
