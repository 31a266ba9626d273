import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Click totals are derived from the daily rows (`short_link_clicks`): the click flush writes one narrow row per
 * (link, day) in one upsert and never rewrites the wide `short_links` rows (target, code, four indexes), which
 * left dead rows and grew its heap. So `short_links` loses `clicks`, `bot_clicks` and `last_click_at`, and the
 * daily rows gain `last_click_at` (the day's latest click by a person).
 *
 * Existing totals are kept exactly: what a total holds beyond the sum of its daily rows (nothing, when both
 * were always written together) is added to the day of the link's last click (or of its creation).
 *
 * The daily rows lose their foreign key: its check (a key-share lock on the `short_links` row for each new
 * daily row) cost more than the upsert itself. The flush writes only links that exist (`EXISTS`), and a
 * statement-level trigger deletes the daily rows of deleted links (what ON DELETE CASCADE did). A fill factor
 * of 70 leaves room for HOT updates (no index covers the updated columns). Written by hand.
 */
export class ClickTotalsFromDays1795420000000 implements MigrationInterface {
  name = 'ClickTotalsFromDays1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "short_link_clicks" ADD "last_click_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `INSERT INTO "short_link_clicks" AS c ("short_link_id", "day", "clicks", "bot_clicks", "last_click_at")
       SELECT s."id", (COALESCE(s."last_click_at", s."created_at") AT TIME ZONE 'UTC')::date,
              GREATEST(0, s."clicks" - COALESCE(d."clicks", 0)), GREATEST(0, s."bot_clicks" - COALESCE(d."bot_clicks", 0)),
              s."last_click_at"
         FROM "short_links" s
         LEFT JOIN (SELECT "short_link_id", SUM("clicks") AS "clicks", SUM("bot_clicks") AS "bot_clicks"
                      FROM "short_link_clicks" GROUP BY "short_link_id") d ON d."short_link_id" = s."id"
        WHERE s."clicks" > 0 OR s."bot_clicks" > 0 OR s."last_click_at" IS NOT NULL
       ON CONFLICT ("short_link_id", "day") DO UPDATE
         SET "clicks" = c."clicks" + EXCLUDED."clicks", "bot_clicks" = c."bot_clicks" + EXCLUDED."bot_clicks",
             "last_click_at" = GREATEST(c."last_click_at", EXCLUDED."last_click_at")`,
    );
    await queryRunner.query(`ALTER TABLE "short_link_clicks" DROP CONSTRAINT "FK_short_link_clicks_link"`);
    await queryRunner.query(
      `DELETE FROM "short_link_clicks" c WHERE NOT EXISTS (SELECT 1 FROM "short_links" s WHERE s."id" = c."short_link_id")`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "short_link_clicks_of_deleted_links"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM "short_link_clicks" c USING "gone" g WHERE c."short_link_id" = g."id";
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "short_links_delete_clicks" AFTER DELETE ON "short_links" REFERENCING OLD TABLE AS "gone"
       FOR EACH STATEMENT EXECUTE FUNCTION "short_link_clicks_of_deleted_links"()`,
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
      `UPDATE "short_links" s SET "clicks" = d."clicks", "bot_clicks" = d."bot_clicks", "last_click_at" = d."last_click_at"
         FROM (SELECT "short_link_id", SUM("clicks") AS "clicks", SUM("bot_clicks") AS "bot_clicks",
                      MAX("last_click_at") AS "last_click_at"
                 FROM "short_link_clicks" GROUP BY "short_link_id") d
        WHERE d."short_link_id" = s."id"`,
    );
    await queryRunner.query(`ALTER TABLE "short_link_clicks" RESET (fillfactor)`);
    await queryRunner.query(`DROP TRIGGER "short_links_delete_clicks" ON "short_links"`);
    await queryRunner.query(`DROP FUNCTION "short_link_clicks_of_deleted_links"()`);
    await queryRunner.query(
      `ALTER TABLE "short_link_clicks" ADD CONSTRAINT "FK_short_link_clicks_link" FOREIGN KEY ("short_link_id") REFERENCES "short_links"("id") ON DELETE CASCADE`,
    );
    await queryRunner.query(`ALTER TABLE "short_link_clicks" DROP COLUMN "last_click_at"`);
  }
}
