import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analytics lib's clicks with their dimensions: one row per link, UTC hour and combination of country, device,
 * OS, browser, referrer host and bot flag (never one per click), with the link's owner, sub ids, marketplace and
 * item copied in so the figures read one table. Written by hand.
 */
export class ClickHours1795431000000 implements MigrationInterface {
  name = 'ClickHours1795431000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "click_hours" (
      "short_link_id" bigint NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "country" character varying(2) NOT NULL DEFAULT '',
      "device" character varying(16) NOT NULL DEFAULT '',
      "os" character varying(32) NOT NULL DEFAULT '',
      "browser" character varying(32) NOT NULL DEFAULT '',
      "referrer" character varying(253) NOT NULL DEFAULT '',
      "bot" boolean NOT NULL DEFAULT false,
      "member_id" uuid NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "item_id" character varying(64) NOT NULL DEFAULT '',
      "clicks" integer NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_hours" PRIMARY KEY ("short_link_id", "hour", "country", "device", "os", "browser", "referrer", "bot"),
      CONSTRAINT "FK_click_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_click_hours_member_hour" ON "click_hours" ("member_id", "hour")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_hours"`);
  }
}
