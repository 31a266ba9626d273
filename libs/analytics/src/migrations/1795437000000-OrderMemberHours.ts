import { MigrationInterface, QueryRunner } from 'typeorm';
import { orderSummaryInsert } from '../query/order-figures';

/**
 * The analytics lib's hourly order summary per member (`order_member_hours`: per member, UTC hour of the purchase,
 * marketplace and currency, the order figures as `order_days` has them): a timeseries or a count in any time zone
 * reads 24 rows a day. Kept by the import with `order_days` (rule: `orderSummaryInsert`, also used here). Filled
 * from `order_lines`. Written by hand.
 */
export class OrderMemberHours1795437000000 implements MigrationInterface {
  name = 'OrderMemberHours1795437000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_member_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL,
      "currency" character(3) NOT NULL,
      "orders" integer NOT NULL DEFAULT 0,
      "all_orders" integer NOT NULL DEFAULT 0,
      "gmv" numeric NOT NULL DEFAULT 0,
      "pending" numeric NOT NULL DEFAULT 0,
      "completed" numeric NOT NULL DEFAULT 0,
      "cancelled" numeric NOT NULL DEFAULT 0,
      CONSTRAINT "PK_order_member_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "currency"),
      CONSTRAINT "FK_order_member_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    await queryRunner.query(orderSummaryInsert('order_member_hours', 'true'));
    await queryRunner.query('ANALYZE "order_member_hours"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_member_hours"`);
  }
}
