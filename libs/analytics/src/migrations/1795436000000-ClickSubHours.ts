import { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert } from '../clicks/click-summaries';

/**
 * The analytics lib's hourly click summary per sub id (`click_sub_hours`: per member, UTC hour, sub id combination
 * and marketplace): the edge hours of a time zone's range beside the daily `click_days` (at most two days of
 * hours, a row per sub id and hour, whatever the number of links), written by the same flush statement as
 * `click_hours` (rule: `click-summaries.ts`, also used here). Filled from `click_hours`. Written by hand.
 */
export class ClickSubHours1795436000000 implements MigrationInterface {
  name = 'ClickSubHours1795436000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "click_sub_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "sub_id" character varying(300) NOT NULL DEFAULT '',
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_sub_hours" PRIMARY KEY ("member_id", "hour", "sub_id", "marketplace"),
      CONSTRAINT "FK_click_sub_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    // The fill reads every `click_hours` row once: not bound by the service's statement time-out (this migration's
    // own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    await queryRunner.query(summaryUpsert('click_sub_hours', '"click_hours"'));
    await queryRunner.query('ANALYZE "click_sub_hours"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_sub_hours"`);
  }
}
