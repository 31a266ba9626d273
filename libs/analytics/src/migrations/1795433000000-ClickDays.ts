import { MigrationInterface, QueryRunner } from 'typeorm';
import { clickSummaryTable } from './summary-tables';

/**
 * The analytics lib's daily click summary: one row per member, UTC day, sub id combination and marketplace, with
 * the clicks of people and of bots, written by the same flush statement as `click_hours`. A query grouped by
 * sub id over 90 days reads 90 rows per sub id here (and the few edge hours of a time zone from `click_hours`)
 * instead of a row per link, hour and combination of dimensions. Filled from `click_hours` for the clicks already
 * recorded. Written by hand.
 */
export class ClickDays1795433000000 implements MigrationInterface {
  name = 'ClickDays1795433000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(clickSummaryTable('click_days', ['day', 'sub_id', 'marketplace']).create);
    // Its own fill, as released (written before the summaries' shared rule), with no time-out lifted.
    await queryRunner.query(`INSERT INTO "click_days" (member_id, day, sub_id, marketplace, clicks, bot_clicks)
      SELECT member_id, (hour AT TIME ZONE 'UTC')::date, sub_id, marketplace,
             COALESCE(SUM(clicks) FILTER (WHERE NOT bot), 0), COALESCE(SUM(clicks) FILTER (WHERE bot), 0)
        FROM "click_hours" GROUP BY 1, 2, 3, 4`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_days"`);
  }
}
