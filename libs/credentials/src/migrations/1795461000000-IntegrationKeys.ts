import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys per integration: a pair may be named, limited to scopes, and to client addresses (CIDR list). A pair
 * without a name is the member's main pair (the one the account page regenerates): no scopes (every right).
 */
export class IntegrationKeys1795461000000 implements MigrationInterface {
  name = 'IntegrationKeys1795461000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "credentials" ADD "name" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "credentials" ADD "scopes" text[]`);
    await queryRunner.query(`ALTER TABLE "credentials" ADD "allowed_ips" character varying(2000)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "credentials" DROP COLUMN "allowed_ips"`);
    await queryRunner.query(`ALTER TABLE "credentials" DROP COLUMN "scopes"`);
    await queryRunner.query(`ALTER TABLE "credentials" DROP COLUMN "name"`);
  }
}
