import { MigrationInterface, QueryRunner } from 'typeorm';

/** The analytics lib's scheduled pulls of order reports: state and last error per member and marketplace. */
export class ReportSyncs1795432000000 implements MigrationInterface {
  name = 'ReportSyncs1795432000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "report_syncs" (
      "member_id" uuid NOT NULL,
      "marketplace" character varying(16) NOT NULL,
      "state" character varying(16) NOT NULL DEFAULT 'never',
      "last_started_at" TIMESTAMP WITH TIME ZONE,
      "last_finished_at" TIMESTAMP WITH TIME ZONE,
      "last_success_at" TIMESTAMP WITH TIME ZONE,
      "last_error" text,
      "lines_new" integer NOT NULL DEFAULT 0,
      "lines_updated" integer NOT NULL DEFAULT 0,
      "calls" integer NOT NULL DEFAULT 0,
      CONSTRAINT "PK_report_syncs" PRIMARY KEY ("member_id", "marketplace"),
      CONSTRAINT "FK_report_syncs_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE
    )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "report_syncs"`);
  }
}
