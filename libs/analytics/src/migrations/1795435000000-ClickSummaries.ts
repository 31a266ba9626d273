import { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert } from '../clicks/click-summaries';

/**
 * The analytics lib's hourly click summary per member (`click_member_hours`: a timeseries or a count in any time
 * zone reads 24 rows a day per marketplace) and daily click summary per link (`click_link_days`: grouped by link or
 * item, one row per link and day instead of one per link, hour and combination of dimensions), written by the
 * same flush statement as `click_hours` (their rule: `click-summaries.ts`, also used here). Filled from
 * `click_hours` for the clicks already recorded. Written by hand.
 */
export class ClickSummaries1795435000000 implements MigrationInterface {
  name = 'ClickSummaries1795435000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "click_member_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_member_hours" PRIMARY KEY ("member_id", "hour", "marketplace"),
      CONSTRAINT "FK_click_member_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_link_days" (
      "member_id" uuid NOT NULL,
      "day" date NOT NULL,
      "short_link_id" bigint NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "item_id" character varying(64) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_link_days" PRIMARY KEY ("member_id", "day", "short_link_id"),
      CONSTRAINT "FK_click_link_days_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    // The fill reads every `click_hours` row once (minutes at tens of millions): not bound by the service's
    // statement time-out (this migration's own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    await queryRunner.query(summaryUpsert('click_member_hours', '"click_hours"'));
    await queryRunner.query(summaryUpsert('click_link_days', '"click_hours"'));
    // Their statistics now: the first queries on a large fill would otherwise be planned on none.
    await queryRunner.query('ANALYZE "click_member_hours"; ANALYZE "click_link_days"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_link_days"`);
    await queryRunner.query(`DROP TABLE "click_member_hours"`);
  }
}
