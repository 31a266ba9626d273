import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountArea1795386219886 implements MigrationInterface {
  name = 'AccountArea1795386219886';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "member_secrets" ("member_id" uuid NOT NULL, "name" character varying(32) NOT NULL, "encrypted_value" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_44e4dc57820e3d7e6992ed2b406" PRIMARY KEY ("member_id", "name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auth_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(16) NOT NULL, "account_key" character(64), "ip_key" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d9115e02f18808834eb82b4a297" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_76b08a4c454d0781a2078594ab" ON "auth_attempts" ("kind", "account_key", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_1c40dcde326b86dbc8cd77651f" ON "auth_attempts" ("kind", "ip_key", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id_hash" character(64) NOT NULL, "member_id" uuid, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "absolute_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5dda86a77da1e1e37e690a45996" PRIMARY KEY ("id_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_32520aa49cd5a4acd571e81f75" ON "sessions" ("member_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_9cfe37d28c3b229a350e086d94" ON "sessions" ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "member_usage" ("member_id" uuid NOT NULL, "day" date NOT NULL, "calls" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_45e513d5b49b28ad04ad12a5d32" PRIMARY KEY ("member_id", "day"))`,
    );
    await queryRunner.query(`ALTER TABLE "members" ADD "default_sub_ids" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "members" ADD "session_version" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "member_secrets" ADD CONSTRAINT "FK_3b11f3a5d27bbe0939330d2ec35" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_32520aa49cd5a4acd571e81f752" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "member_usage" ADD CONSTRAINT "FK_e15ee1efa8ff904815f8592546f" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_usage" DROP CONSTRAINT "FK_e15ee1efa8ff904815f8592546f"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_32520aa49cd5a4acd571e81f752"`);
    await queryRunner.query(`ALTER TABLE "member_secrets" DROP CONSTRAINT "FK_3b11f3a5d27bbe0939330d2ec35"`);
    await queryRunner.query(`ALTER TABLE "members" DROP COLUMN "session_version"`);
    await queryRunner.query(`ALTER TABLE "members" DROP COLUMN "default_sub_ids"`);
    await queryRunner.query(`DROP TABLE "member_usage"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9cfe37d28c3b229a350e086d94"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_32520aa49cd5a4acd571e81f75"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1c40dcde326b86dbc8cd77651f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_76b08a4c454d0781a2078594ab"`);
    await queryRunner.query(`DROP TABLE "auth_attempts"`);
    await queryRunner.query(`DROP TABLE "member_secrets"`);
  }
}
