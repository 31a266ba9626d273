/**
 * The order figures' definitions in SQL, in one place (docs/analytics.md gives the reasons): per order first
 * (an order is live when one of its lines is not cancelled; its GMV, and its net commission by status), then per
 * group: `orders` = live orders, `all_orders` = every order (cancelled = the difference). Used by the figures
 * (on `order_lines`) and by the daily summary `order_days` the import keeps, so both count alike.
 */
const PER_ORDER = `bool_or(status <> 'cancelled') AS live,
       COALESCE(SUM(gmv) FILTER (WHERE status <> 'cancelled'), 0) AS gmv,
       COALESCE(SUM(net_commission) FILTER (WHERE status IN ('unpaid', 'pending')), 0) AS pending,
       COALESCE(SUM(net_commission) FILTER (WHERE status = 'completed'), 0) AS completed,
       COALESCE(SUM(commission) FILTER (WHERE status = 'cancelled'), 0) AS cancelled`;

/** The summed columns of a group (of orders, or of `order_days` rows: the same names). */
export const ORDER_SUMS = `SUM(orders) AS orders, SUM(all_orders) AS all_orders, SUM(gmv) AS gmv,
       SUM(pending) AS pending, SUM(completed) AS completed, SUM(cancelled) AS cancelled`;

/**
 * `SELECT <keys>, currency, orders, all_orders, gmv, pending, completed, cancelled` over the `order_lines` rows
 * matching `where`, grouped by the `keys` (name → SQL expression) and the currency.
 */
export function orderFigures(keys: Record<string, string>, where: string): string {
  const names = Object.keys(keys);
  const exprs = names.map((name) => `${keys[name]} AS ${name}`);
  const inner = names.length + 3;
  return `SELECT ${[...names, 'currency'].join(', ')}, count(*) FILTER (WHERE live) AS orders,
         count(*) AS all_orders, SUM(gmv) AS gmv, SUM(pending) AS pending, SUM(completed) AS completed,
         SUM(cancelled) AS cancelled
    FROM (SELECT ${[...exprs, 'currency', 'marketplace AS order_marketplace', 'order_id'].join(', ')}, ${PER_ORDER}
            FROM order_lines WHERE ${where}
           GROUP BY ${Array.from({ length: inner }, (_, i) => i + 1).join(', ')}) AS per_order
   GROUP BY ${Array.from({ length: names.length + 1 }, (_, i) => i + 1).join(', ')}`;
}

/**
 * The order summaries the import keeps beside `order_lines`, each the figures above per its keys: `order_days` per
 * member, UTC day of the purchase, sub id combination and marketplace; `order_member_hours` per member, UTC hour
 * and marketplace (a timeseries or a count in any time zone). One rule for the import, their migrations and the
 * analytics bench. An order's lines share its purchase time, so an order falls in one hour as in one day.
 */
export const ORDER_SUMMARIES = {
  order_days: {
    member_id: 'member_id',
    day: `(purchased_at AT TIME ZONE 'UTC')::date`,
    sub_id: 'sub_id',
    marketplace: 'marketplace',
  },
  order_member_hours: {
    member_id: 'member_id',
    hour: `date_trunc('hour', purchased_at, 'UTC')`,
    marketplace: 'marketplace',
  },
} as const;
/**
 * Every order summary, in the order they are computed: `order_weeks` (per member, UTC week (its Monday), sub id
 * combination, marketplace and currency; a long range reads its whole weeks there) last, as the sums of its
 * `order_days` rows: exactly what a range of those days reads from `order_days`, for far fewer rows.
 */
export const ORDER_SUMMARY_TABLES = [...(Object.keys(ORDER_SUMMARIES) as OrderLineSummary[]), 'order_weeks'] as const;
type OrderLineSummary = keyof typeof ORDER_SUMMARIES;
export type OrderSummaryTable = OrderLineSummary | 'order_weeks';

/**
 * The insert of `table`'s rows for the `order_lines` matching `where` (their rows there deleted first); for
 * `order_weeks`, the `order_days` rows matching `where` summed per week (`where` takes whole weeks).
 */
export function orderSummaryInsert(table: OrderSummaryTable, where: string): string {
  if (table === 'order_weeks') {
    return `INSERT INTO order_weeks (member_id, week, sub_id, marketplace, currency, orders, all_orders, gmv, pending,
                                     completed, cancelled)
    SELECT member_id, date_trunc('week', day::timestamp)::date, sub_id, marketplace, currency, ${ORDER_SUMS}
      FROM order_days WHERE ${where} GROUP BY 1, 2, 3, 4, 5`;
  }
  const names = Object.keys(ORDER_SUMMARIES[table]).join(', ');
  return `INSERT INTO ${table} (${names}, currency, orders, all_orders, gmv, pending, completed, cancelled)
    SELECT ${names}, currency, orders, all_orders, gmv, pending, completed, cancelled
      FROM (${orderFigures(ORDER_SUMMARIES[table], where)}) AS f`;
}
