import { MigrationInterface, QueryRunner } from 'typeorm';

/** Convert calls and links per hour, all members together: the admin overview's charts. Written by hand. */
export class UsageHours1795422000000 implements MigrationInterface {
  name = 'UsageHours1795422000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "usage_hours" ("hour" TIMESTAMP WITH TIME ZONE NOT NULL, "calls" bigint NOT NULL DEFAULT 0, "links" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_usage_hours" PRIMARY KEY ("hour"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "usage_hours"`);
  }
}
