import { MigrationInterface, QueryRunner } from 'typeorm';

/** Members' plain marketplace settings (Lazada master code, Tiki TAP codes) as one JSON object. */
export class MarketplaceSettings1795390000000 implements MigrationInterface {
  name = 'MarketplaceSettings1795390000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "members" ADD "marketplace_settings" jsonb NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "members" DROP COLUMN "marketplace_settings"`);
  }
}
