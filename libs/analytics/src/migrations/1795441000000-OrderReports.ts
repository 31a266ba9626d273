import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statuses with a history: every export imported and every pull is a row of `order_reports` (when that report was
 * made, and how that is known), and each order line remembers the report that last set it (`report_id`) and when
 * that report was made (`report_made_at`): an older report never overwrites a newer one. Lines stored before have
 * no report (any report may update them). The pull's state counts the lines it skipped and why.
 *
 * Lazada lines become the product's item (`-i<item>`, as links and their clicks name it) with the SKU as the
 * detail (`model_id`): the SKU moves there, and the item id is read from a shop SKU (`<item>_VNAMZ-<sku>`) when
 * that is what the report gave; the next import of a report (or pull) names the item of a plain SKU.
 */
export class OrderReports1795441000000 implements MigrationInterface {
  name = 'OrderReports1795441000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_reports" (
      "id" BIGSERIAL NOT NULL,
      "member_id" uuid NOT NULL,
      "marketplace" character varying(16) NOT NULL,
      "source" character varying(8) NOT NULL,
      "made_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "made_at_from" character varying(16) NOT NULL,
      "file_name" character varying(200),
      "affiliate_id" character varying(64),
      "region" character varying(8),
      "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_order_reports" PRIMARY KEY ("id"),
      CONSTRAINT "FK_order_reports_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_order_reports_member" ON "order_reports" ("member_id", "applied_at")`);
    await queryRunner.query(`ALTER TABLE "order_lines"
      ADD COLUMN "report_id" bigint REFERENCES "order_reports"("id") ON DELETE SET NULL,
      ADD COLUMN "report_made_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "report_syncs"
      ADD COLUMN "lines_skipped" integer NOT NULL DEFAULT 0,
      ADD COLUMN "skipped_by_reason" jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await queryRunner.query(`UPDATE "order_lines"
         SET "model_id" = "item_id",
             "item_id" = COALESCE(substring("item_id" from '^([0-9]{1,20})_[A-Za-z]{2}AMZ(-[0-9]{1,20})?$'), "item_id")
       WHERE "marketplace" = 'lazada' AND "model_id" = ''`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "order_lines" SET "item_id" = "model_id", "model_id" = ''
       WHERE "marketplace" = 'lazada' AND "model_id" <> ''`);
    await queryRunner.query(`ALTER TABLE "report_syncs" DROP COLUMN "skipped_by_reason", DROP COLUMN "lines_skipped"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP COLUMN "report_made_at", DROP COLUMN "report_id"`);
    await queryRunner.query(`DROP TABLE "order_reports"`);
  }
}
