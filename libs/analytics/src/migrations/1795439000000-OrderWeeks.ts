import { orderSummaryTable, SummaryTablesMigration } from './summary-tables';

/**
 * The analytics lib's weekly order summary (`order_weeks`: per member, UTC week of the purchase (the date of its
 * Monday), sub id combination, marketplace and currency, the order figures as `order_days` has them, summed from
 * its days): a long range reads its whole weeks there, its other days from `order_days`. Kept by the import with
 * the other order summaries (rule: `orderSummaryInsert`, also used here). Filled from `order_days`. Written by hand.
 */
export class OrderWeeks1795439000000 extends SummaryTablesMigration {
  name = 'OrderWeeks1795439000000';
  protected readonly tables = [orderSummaryTable('order_weeks', ['week', 'sub_id', 'marketplace'])];
}
