import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Click totals move out of `short_links` into a narrow table of their own, `short_link_totals` (one row per
 * link clicked at least once): the click flush then upserts ~50-byte rows instead of rewriting the wide
 * `short_links` rows (target, code, indexes) on every flush, which left dead rows and grew its heap. A fill
 * factor of 70 leaves room on each page for HOT updates (no index covers the updated columns). The existing
 * totals are copied over, then the three columns dropped. Written by hand.
 */
export class ShortLinkTotals1795420000000 implements MigrationInterface {
  name = 'ShortLinkTotals1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "short_link_totals" ("short_link_id" bigint NOT NULL, "clicks" bigint NOT NULL DEFAULT '0', "bot_clicks" bigint NOT NULL DEFAULT '0', "last_click_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_short_link_totals" PRIMARY KEY ("short_link_id"), CONSTRAINT "FK_short_link_totals_link" FOREIGN KEY ("short_link_id") REFERENCES "short_links"("id") ON DELETE CASCADE) WITH (fillfactor = 70)`,
    );
    await queryRunner.query(
      `INSERT INTO "short_link_totals" ("short_link_id", "clicks", "bot_clicks", "last_click_at")
       SELECT "id", "clicks", "bot_clicks", "last_click_at" FROM "short_links"
        WHERE "clicks" > 0 OR "bot_clicks" > 0 OR "last_click_at" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "short_link_clicks" SET (fillfactor = 70)`);
    await queryRunner.query(
      `ALTER TABLE "short_links" DROP COLUMN "clicks", DROP COLUMN "bot_clicks", DROP COLUMN "last_click_at"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "short_links" ADD "clicks" bigint NOT NULL DEFAULT '0', ADD "bot_clicks" bigint NOT NULL DEFAULT '0', ADD "last_click_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `UPDATE "short_links" s SET "clicks" = t."clicks", "bot_clicks" = t."bot_clicks", "last_click_at" = t."last_click_at"
         FROM "short_link_totals" t WHERE t."short_link_id" = s."id"`,
    );
    await queryRunner.query(`ALTER TABLE "short_link_clicks" RESET (fillfactor)`);
    await queryRunner.query(`DROP TABLE "short_link_totals"`);
  }
}
