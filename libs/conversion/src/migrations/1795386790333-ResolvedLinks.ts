import { MigrationInterface, QueryRunner } from 'typeorm';

export class ResolvedLinks1795386790333 implements MigrationInterface {
  name = 'ResolvedLinks1795386790333';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "resolved_links" ("short_url" character varying(2048) NOT NULL, "resolved_url" text, "failure" character varying(32), "resolved_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7bd5c31d73c7cdc6e5400ea7a3e" PRIMARY KEY ("short_url"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_a3c171bdc515698bcc0f757534" ON "resolved_links" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_a3c171bdc515698bcc0f757534"`);
    await queryRunner.query(`DROP TABLE "resolved_links"`);
  }
}
