import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795384643355 implements MigrationInterface {
  name = 'Initial1795384643355';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "members" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "password_hash" character varying(100) NOT NULL, "role" character varying(16) NOT NULL DEFAULT 'member', "plan" character varying(16) NOT NULL DEFAULT 'free', "default_affiliate_id" character varying(64), "disabled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_2714af51e3f7dd42cf66eeb08d6" UNIQUE ("email"), CONSTRAINT "PK_28b53062261b996d9c99fa12404" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "credentials" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "member_id" uuid NOT NULL, "key_hash" character(64) NOT NULL, "token_hash" character(64) NOT NULL, "key_preview" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_66275f130ec9e8590ba75f00a1f" UNIQUE ("key_hash"), CONSTRAINT "PK_1e38bc43be6697cdda548ad27a6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_90e8edc327fda4dcbc1ee80994" ON "credentials" ("member_id") `);
    await queryRunner.query(
      `ALTER TABLE "credentials" ADD CONSTRAINT "FK_90e8edc327fda4dcbc1ee809941" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "credentials" DROP CONSTRAINT "FK_90e8edc327fda4dcbc1ee809941"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_90e8edc327fda4dcbc1ee80994"`);
    await queryRunner.query(`DROP TABLE "credentials"`);
    await queryRunner.query(`DROP TABLE "members"`);
  }
}
