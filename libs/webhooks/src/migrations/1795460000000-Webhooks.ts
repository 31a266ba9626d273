import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members' webhook endpoints and their deliveries (one row per event and endpoint: the body sent, its
 * attempts, the last status code and latency). The queue of attempts is pg-boss's, in its own schema.
 */
export class Webhooks1795460000000 implements MigrationInterface {
  name = 'Webhooks1795460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "webhook_endpoints" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "member_id" uuid NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
        "url" character varying(2048) NOT NULL,
        "events" text[] NOT NULL,
        "secret" character varying(100) NOT NULL,
        "description" character varying(200) NOT NULL DEFAULT '',
        "enabled" boolean NOT NULL DEFAULT true,
        "disabled_reason" character varying(300),
        "failing_since" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_endpoints_member" ON "webhook_endpoints" ("member_id")`);
    await queryRunner.query(`
      CREATE TABLE "webhook_deliveries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
        "member_id" uuid NOT NULL,
        "event_type" character varying(40) NOT NULL,
        "payload" text NOT NULL,
        "status" character varying(12) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "last_status_code" integer,
        "last_latency_ms" integer,
        "last_error" character varying(300),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "first_attempt_at" TIMESTAMP WITH TIME ZONE,
        "last_attempt_at" TIMESTAMP WITH TIME ZONE,
        "next_attempt_at" TIMESTAMP WITH TIME ZONE
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_endpoint" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
