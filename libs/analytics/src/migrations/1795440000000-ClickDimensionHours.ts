import { MigrationInterface, QueryRunner } from 'typeorm';
import { summaryUpsert } from '../clicks/click-summaries';

/** Each table's dimension column, typed as in `click_hours`. */
const DIMENSIONS = [
  ['click_country_hours', 'country', 'character varying(2)'],
  ['click_device_hours', 'device', 'character varying(16)'],
  ['click_os_hours', 'os', 'character varying(32)'],
  ['click_browser_hours', 'browser', 'character varying(32)'],
  ['click_referrer_hours', 'referrer', 'character varying(253)'],
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
    for (const [table, column, type] of DIMENSIONS) {
      await queryRunner.query(`CREATE TABLE "${table}" (
      "member_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "marketplace" character varying(16) NOT NULL DEFAULT '',
      "${column}" ${type} NOT NULL DEFAULT '',
      "clicks" bigint NOT NULL DEFAULT 0,
      "bot_clicks" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_${table}" PRIMARY KEY ("member_id", "hour", "marketplace", "${column}"),
      CONSTRAINT "FK_${table}_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
    }
    // The fill reads every `click_hours` row once per dimension (minutes at tens of millions): not bound by the
    // service's statement time-out (this migration's own transaction only).
    await queryRunner.query('SET LOCAL statement_timeout = 0');
    for (const [table] of DIMENSIONS) {
      await queryRunner.query(summaryUpsert(table, '"click_hours"'));
      await queryRunner.query(`ANALYZE "${table}"`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of DIMENSIONS) await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
