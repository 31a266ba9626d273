import { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert } from '../clicks/click-summaries';

const TABLES = [
  'click_country_hours',
  'click_device_hours',
  'click_os_hours',
  'click_browser_hours',
  'click_referrer_hours',
] as const;

/**
 * The analytics lib's hourly click summaries per value of a dimension (`click_country_hours`, `click_device_hours`,
 * `click_os_hours`, `click_browser_hours`, `click_referrer_hours`: per member, UTC hour, marketplace and value, the
 * value's column typed as in `click_hours`): a grouping by one of them in any time zone reads a row per value and
 * hour instead of every `click_hours` row. Written by the same flush statement as `click_hours` and moved by the
 * retention with it (rule: `click-summaries.ts`, also used here). Filled from `click_hours`. Written by hand.
 */
export class ClickDimensionHours1795440000000 implements MigrationInterface {
  name = 'ClickDimensionHours1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "click_country_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "country" character varying(2) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_country_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "country"),
      CONSTRAINT "FK_click_country_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_device_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "device" character varying(16) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_device_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "device"),
      CONSTRAINT "FK_click_device_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_os_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "os" character varying(32) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_os_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "os"),
      CONSTRAINT "FK_click_os_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_browser_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "browser" character varying(32) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_browser_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "browser"),
      CONSTRAINT "FK_click_browser_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE TABLE "click_referrer_hours" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "referrer" character varying(253) NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_click_referrer_hours" PRIMARY KEY ("member_id", "hour", "marketplace", "referrer"),
      CONSTRAINT "FK_click_referrer_hours_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    // The fill reads every `click_hours` row once per dimension (minutes at tens of millions): not bound by the
    // service's statement time-out (this migration's own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    for (const table of TABLES) {
      await queryRunner.query(summaryUpsert(table, '"click_hours"'));
      await queryRunner.query(`ANALYZE "${table}"`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
