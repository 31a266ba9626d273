import { MigrationInterface, QueryRunner } from 'typeorm';

export class AbuseModule1795386588821 implements MigrationInterface {
  name = 'AbuseModule1795386588821';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ip_bans" ("id" BIGSERIAL NOT NULL, "ip" character varying(64) NOT NULL, "level" integer NOT NULL, "duration_seconds" integer NOT NULL, "failures" integer NOT NULL, "banned_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "lifted_at" TIMESTAMP WITH TIME ZONE, "lifted_by" uuid, CONSTRAINT "PK_311204de0c3f5643def7746a27b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ip_bans_active" ON "ip_bans" ("expires_at") WHERE lifted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_f7ce782e9c9c02e80e634f2afc" ON "ip_bans" ("ip", "banned_at") `);
    await queryRunner.query(
      `CREATE TABLE "abuse_events" ("id" BIGSERIAL NOT NULL, "type" character varying(32) NOT NULL, "ip" character varying(64), "member_id" uuid, "key_preview" character varying(16), "detail" jsonb NOT NULL DEFAULT '{}'::jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_99bc050d15af286240ce9f1e7ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e3d16455eb3c3b04c25ae60518" ON "abuse_events" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_aee2d35a25c1045e4279a1bbe7" ON "abuse_events" ("type", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_0e5c0dea3fe6bac67d5d9e8e83" ON "abuse_events" ("member_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_a028e58fc37d2960f34b877ba3" ON "abuse_events" ("ip", "id") `);
    // Written by hand (TypeORM does not generate triggers): the abuse log is append-only.
    await queryRunner.query(
      `CREATE FUNCTION "abuse_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'abuse_events is append-only'; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "abuse_events_append_only" BEFORE UPDATE OR DELETE ON "abuse_events" FOR EACH STATEMENT EXECUTE FUNCTION "abuse_events_append_only"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "abuse_events_append_only" ON "abuse_events"`);
    await queryRunner.query(`DROP FUNCTION "abuse_events_append_only"()`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a028e58fc37d2960f34b877ba3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0e5c0dea3fe6bac67d5d9e8e83"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_aee2d35a25c1045e4279a1bbe7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e3d16455eb3c3b04c25ae60518"`);
    await queryRunner.query(`DROP TABLE "abuse_events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f7ce782e9c9c02e80e634f2afc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ip_bans_active"`);
    await queryRunner.query(`DROP TABLE "ip_bans"`);
  }
}
