import { MigrationInterface, QueryRunner } from 'typeorm';

/** The cache of links obtained from outside services (libs/outbound). */
export class OutboundLinks1795410000000 implements MigrationInterface {
  name = 'OutboundLinks1795410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbound_links" ("provider" character varying(16) NOT NULL, "owner" character varying(64) NOT NULL, "target_hash" character(64) NOT NULL, "target" text NOT NULL, "short_url" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_outbound_links" PRIMARY KEY ("provider", "owner", "target_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_outbound_links_expires_at" ON "outbound_links" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbound_links_expires_at"`);
    await queryRunner.query(`DROP TABLE "outbound_links"`);
  }
}
