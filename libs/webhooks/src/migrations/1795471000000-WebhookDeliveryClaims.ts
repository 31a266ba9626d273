import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What keeps a delivery to one attempt at a time, whatever the queue holds: `job_id` names the queue's job that is
 * to make its next attempt (another job of the same delivery, left by a redelivery or a re-enqueue, does nothing),
 * `claimed_until` is set while an attempt is under way. The pending deliveries are looked up by status (the
 * re-enqueue of deliveries whose job the queue no longer has, as after a restore).
 */
export class WebhookDeliveryClaims1795471000000 implements MigrationInterface {
  name = 'WebhookDeliveryClaims1795471000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "job_id" uuid`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "claimed_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries" ("next_attempt_at") WHERE status = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_webhook_deliveries_pending"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "claimed_until"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "job_id"`);
  }
}
