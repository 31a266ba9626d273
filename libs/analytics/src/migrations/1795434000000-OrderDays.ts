import { MigrationInterface, QueryRunner } from 'typeorm';
import { orderSummaryTable } from './summary-tables';

/**
 * The analytics lib's daily order summary: per member, UTC day (of the purchase), sub id combination, marketplace
 * and currency, the distinct orders (with a line not cancelled, and all), GMV and commission by status, exactly as
 * the figures define them. Kept by the import (the touched days are computed again from `order_lines` in the
 * import's transaction), read for whole UTC days by the figures. Filled from `order_lines`. Written by hand.
 */
export class OrderDays1795434000000 implements MigrationInterface {
  name = 'OrderDays1795434000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(orderSummaryTable('order_days', ['day', 'sub_id', 'marketplace']).create);
    // Its own fill, as released (written before the summaries' shared rule), with no time-out lifted.
    await queryRunner.query(`INSERT INTO "order_days" (member_id, day, sub_id, marketplace, currency, orders, all_orders,
        gmv, pending, completed, cancelled)
      SELECT member_id, day, sub_id, marketplace, currency, count(*) FILTER (WHERE live), count(*),
             SUM(gmv), SUM(pending), SUM(completed), SUM(cancelled)
        FROM (SELECT member_id, (purchased_at AT TIME ZONE 'UTC')::date AS day, sub_id, marketplace, currency, order_id,
                     bool_or(status <> 'cancelled') AS live,
                     COALESCE(SUM(gmv) FILTER (WHERE status <> 'cancelled'), 0) AS gmv,
                     COALESCE(SUM(net_commission) FILTER (WHERE status IN ('unpaid', 'pending')), 0) AS pending,
                     COALESCE(SUM(net_commission) FILTER (WHERE status = 'completed'), 0) AS completed,
                     COALESCE(SUM(commission) FILTER (WHERE status = 'cancelled'), 0) AS cancelled
                FROM "order_lines" GROUP BY 1, 2, 3, 4, 5, 6) AS per_order
       GROUP BY 1, 2, 3, 4, 5`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_days"`);
  }
}
