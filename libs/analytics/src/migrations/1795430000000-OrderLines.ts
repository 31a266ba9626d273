import { MigrationInterface, QueryRunner } from 'typeorm';

/** The analytics lib's order lines (imported reports and the scheduled pull). Written by hand. */
export class OrderLines1795430000000 implements MigrationInterface {
  name = 'OrderLines1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_lines" (
      "id" BIGSERIAL NOT NULL,
      "member_id" uuid NOT NULL,
      "marketplace" character varying(16) NOT NULL,
      "line_key" character varying(200) NOT NULL,
      "order_id" character varying(64) NOT NULL,
      "conversion_id" character varying(64) NOT NULL DEFAULT '',
      "item_id" character varying(64) NOT NULL,
      "model_id" character varying(64) NOT NULL DEFAULT '',
      "item_name" text NOT NULL DEFAULT '',
      "shop_id" character varying(64) NOT NULL DEFAULT '',
      "shop_name" text NOT NULL DEFAULT '',
      "status" character varying(16) NOT NULL,
      "raw_status" character varying(100) NOT NULL DEFAULT '',
      "currency" character(3) NOT NULL,
      "qty" integer NOT NULL DEFAULT 1,
      "gmv" numeric(24,6) NOT NULL,
      "commission" numeric(24,6) NOT NULL,
      "net_commission" numeric(24,6) NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "channel" character varying(64) NOT NULL DEFAULT '',
      "purchased_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "completed_at" TIMESTAMP WITH TIME ZONE,
      "clicked_at" TIMESTAMP WITH TIME ZONE,
      "short_link_id" bigint,
      "source" character varying(8) NOT NULL,
      "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_order_lines" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_order_lines_member_line" UNIQUE ("member_id", "marketplace", "line_key"),
      CONSTRAINT "FK_order_lines_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_order_lines_member_purchased" ON "order_lines" ("member_id", "purchased_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_lines"`);
  }
}
