import { orderSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's hourly order summary per member (`order_member_hours`: per member, UTC hour of the purchase,
 * marketplace and currency, the order figures as `order_days` has them): a timeseries or a count in any time zone
 * reads 24 rows a day. Kept by the import with `order_days` (rule: `orderSummaryInsert`, also used here). Filled
 * from `order_lines`. Written by hand.
 */
export class OrderMemberHours1795437000000 extends SummaryTablesMigration {
  name = 'OrderMemberHours1795437000000';
  protected readonly tables = [orderSummaryTable('order_member_hours', ['hour', 'marketplace'])];
}
