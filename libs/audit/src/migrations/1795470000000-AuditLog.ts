import { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log of account actions, and the networks each member logged in from (for "login from a new address"). */
export class AuditLog1795470000000 implements MigrationInterface {
  name = 'AuditLog1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "audit_entries" (
        "id" BIGSERIAL NOT NULL,
        "member_id" uuid NOT NULL,
        "actor" character varying(10) NOT NULL,
        "actor_id" uuid,
        "action" character varying(40) NOT NULL,
        "target" character varying(200),
        "details" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "ip" character varying(64),
        "user_agent" character varying(120),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_audit_entries" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_audit_entries_member" ON "audit_entries" ("member_id", "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_audit_entries_created" ON "audit_entries" ("created_at")`);
    await queryRunner.query(`
      CREATE TABLE "audit_login_networks" (
        "member_id" uuid NOT NULL,
        "network" character varying(64) NOT NULL,
        "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        PRIMARY KEY ("member_id", "network")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_login_networks_seen" ON "audit_login_networks" ("last_seen_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_login_networks"`);
    await queryRunner.query(`DROP TABLE "audit_entries"`);
  }
}
