import { MigrationInterface, QueryRunner } from 'typeorm';

export class ShortLinks1795400000000 implements MigrationInterface {
  name = 'ShortLinks1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "short_links" ("id" BIGSERIAL NOT NULL, "member_id" uuid NOT NULL, "domain" character varying(253) NOT NULL, "code" character varying(32) NOT NULL, "target" text NOT NULL, "clicks" bigint NOT NULL DEFAULT '0', "bot_clicks" bigint NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_click_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_short_links_domain_code" UNIQUE ("domain", "code"), CONSTRAINT "PK_short_links" PRIMARY KEY ("id"), CONSTRAINT "FK_short_links_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_short_links_member_domain_target" ON "short_links" ("member_id", "domain", md5("target"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_short_links_member_created" ON "short_links" ("member_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "short_link_clicks" ("short_link_id" bigint NOT NULL, "day" date NOT NULL, "clicks" integer NOT NULL DEFAULT 0, "bot_clicks" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_short_link_clicks" PRIMARY KEY ("short_link_id", "day"), CONSTRAINT "FK_short_link_clicks_link" FOREIGN KEY ("short_link_id") REFERENCES "short_links"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "custom_domains" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "member_id" uuid NOT NULL, "domain" character varying(253) NOT NULL, "token" character varying(64) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "failed_checks" integer NOT NULL DEFAULT 0, "last_error" character varying(200), "last_checked_at" TIMESTAMP WITH TIME ZONE, "verified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_custom_domains_member_domain" UNIQUE ("member_id", "domain"), CONSTRAINT "CHK_custom_domains_status" CHECK ("status" IN ('pending', 'verified', 'failed')), CONSTRAINT "PK_custom_domains" PRIMARY KEY ("id"), CONSTRAINT "FK_custom_domains_member" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_custom_domains_verified_domain" ON "custom_domains" ("domain") WHERE "status" = 'verified'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_custom_domains_last_checked" ON "custom_domains" ("last_checked_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "custom_domains"`);
    await queryRunner.query(`DROP TABLE "short_link_clicks"`);
    await queryRunner.query(`DROP TABLE "short_links"`);
  }
}
