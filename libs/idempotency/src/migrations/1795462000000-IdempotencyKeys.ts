import { MigrationInterface, QueryRunner } from 'typeorm';

/** The first answer to each (member, `Idempotency-Key`), replayed for 24 hours. */
export class IdempotencyKeys1795462000000 implements MigrationInterface {
  name = 'IdempotencyKeys1795462000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "member_id" uuid NOT NULL,
        "key" character varying(255) NOT NULL,
        "request_hash" character(64) NOT NULL,
        "state" character varying(10) NOT NULL DEFAULT 'pending',
        "status_code" integer,
        "content_type" character varying(100),
        "body" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        PRIMARY KEY ("member_id", "key")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_idempotency_keys_created" ON "idempotency_keys" ("created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
