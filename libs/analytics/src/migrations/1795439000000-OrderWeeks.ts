import { MigrationInterface, QueryRunner } from 'typeorm';
import { orderSummaryInsert } from '../query/order-figures';

/**
 * The analytics lib's weekly order summary (`order_weeks`: per member, UTC week of the purchase (the date of its
 * Monday), sub id combination, marketplace and currency, the order figures as `order_days` has them, summed from
 * its days): a long range reads its whole weeks there, its other days from `order_days`. Kept by the import with
 * the other order summaries (rule: `orderSummaryInsert`, also used here). Filled from `order_days`. Written by hand.
 */
export class OrderWeeks1795439000000 implements MigrationInterface {
  name = 'OrderWeeks1795439000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_weeks" (
      "member_id" uuid NOT NULL,
      "week" date NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL,
      "currency" character(3) NOT NULL,
      "orders" integer NOT NULL DEFAULT 0,
      "all_orders" integer NOT NULL DEFAULT 0,
      "gmv" numeric NOT NULL DEFAULT 0,
      "pending" numeric NOT NULL DEFAULT 0,
      "completed" numeric NOT NULL DEFAULT 0,
      "cancelled" numeric NOT NULL DEFAULT 0,
      CONSTRAINT "PK_order_weeks" PRIMARY KEY ("member_id", "week", "sub_id", "marketplace", "currency"),
      CONSTRAINT "FK_order_weeks_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    await queryRunner.query(orderSummaryInsert('order_weeks', 'true'));
    await queryRunner.query('ANALYZE "order_weeks"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_weeks"`);
  }
}
