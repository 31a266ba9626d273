import { migrationSecretCipher, type SecretCipher } from '@app/members';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { endpointSecretContext } from '../endpoints/endpoint-secret';

/** The cipher of the rows to change, or a clear error when there are rows and no key to seal or open them with. */
function cipherFor(rows: unknown[]): SecretCipher | null {
  if (rows.length === 0) return null;
  const cipher = migrationSecretCipher();
  if (!cipher) {
    throw new Error(
      `${rows.length} webhook signing secrets need SETTINGS_ENCRYPTION_KEY (the environment's, or DATA_DIR's ` +
        'settings-encryption-key file in the embedded mode): set it and run the migrations again',
    );
  }
  return cipher;
}

/**
 * The endpoints' signing secrets sealed at rest as the members' secrets are (`SecretCipher`, AES-256-GCM under
 * SETTINGS_ENCRYPTION_KEY, bound to the endpoint's id): `secret` (clear) becomes `sealed_secret`, every existing row
 * sealed here. `down` opens them back into `secret`.
 */
export class WebhookSecretsSealed1795470000000 implements MigrationInterface {
  name = 'WebhookSecretsSealed1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "sealed_secret" text`);
    const rows: Array<{ id: string; secret: string }> = await queryRunner.query(
      `SELECT id::text AS id, secret FROM "webhook_endpoints"`,
    );
    const cipher = cipherFor(rows);
    for (const row of rows) {
      await queryRunner.query(`UPDATE "webhook_endpoints" SET "sealed_secret" = $2 WHERE id = $1`, [
        row.id,
        cipher!.seal(row.secret, endpointSecretContext(row.id)),
      ]);
    }
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ALTER COLUMN "sealed_secret" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "secret"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "secret" character varying(100)`);
    const rows: Array<{ id: string; sealed_secret: string }> = await queryRunner.query(
      `SELECT id::text AS id, sealed_secret FROM "webhook_endpoints"`,
    );
    const cipher = cipherFor(rows);
    for (const row of rows) {
      await queryRunner.query(`UPDATE "webhook_endpoints" SET "secret" = $2 WHERE id = $1`, [
        row.id,
        cipher!.open(row.sealed_secret, endpointSecretContext(row.id)),
      ]);
    }
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ALTER COLUMN "secret" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "sealed_secret"`);
  }
}
