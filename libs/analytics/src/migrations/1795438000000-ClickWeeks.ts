import { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert } from '../clicks/click-summaries';

/**
 * The analytics lib's weekly click summaries, `click_weeks` (per member, UTC week, sub id combination and
 * marketplace) and `click_link_weeks` (per member, UTC week and link, with the link's sub ids, marketplace and
 * item): the daily `click_days` and `click_link_days` per week (from Monday, keyed by the date of its Monday), so a
 * long range reads a row per key and whole week, and only its edge days and hours from the daily and hourly
 * summaries. Written by the same flush statement as `click_hours` (rule: `click-summaries.ts`, also used here).
 * Filled from `click_hours`. Written by hand.
 */
export class ClickWeeks1795438000000 implements MigrationInterface {
  name = 'ClickWeeks1795438000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "click_weeks" (
      "member_id" uuid NOT NULL,
      "week" date NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_weeks" PRIMARY KEY ("member_id", "week", "sub_id", "marketplace"),
      CONSTRAINT "FK_click_weeks_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_link_weeks" (
      "member_id" uuid NOT NULL,
      "week" date NOT NULL,
      "short_link_id" bigint NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "item_id" character varying(64) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_link_weeks" PRIMARY KEY ("member_id", "week", "short_link_id"),
      CONSTRAINT "FK_click_link_weeks_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    // The fill reads every `click_hours` row (minutes at tens of millions): not bound by the service's statement
    // time-out (this migration's own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    await queryRunner.query(summaryUpsert('click_weeks', '"click_hours"'));
    await queryRunner.query(summaryUpsert('click_link_weeks', '"click_hours"'));
    await queryRunner.query('ANALYZE "click_weeks"; ANALYZE "click_link_weeks"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_link_weeks"`);
    await queryRunner.query(`DROP TABLE "click_weeks"`);
  }
}
