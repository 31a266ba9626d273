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
 * Moves every endpoint's secret from the column `from` into a new column `to` (of `type`), through `convert` (the
 * cipher's seal or open, bound to the endpoint), then makes `to` required and drops `from`.
 */
async function moveSecrets(
  queryRunner: QueryRunner,
  from: string,
  to: { column: string; type: string },
  convert: (cipher: SecretCipher, value: string, context: string) => string,
): Promise<void> {
  await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "${to.column}" ${to.type}`);
  const rows: Array<Record<string, string>> = await queryRunner.query(
    `SELECT id::text AS id, ${from} FROM "webhook_endpoints"`,
  );
  const cipher = cipherFor(rows);
  for (const row of rows) {
    await queryRunner.query(`UPDATE "webhook_endpoints" SET "${to.column}" = $2 WHERE id = $1`, [
      row.id,
      convert(cipher!, row[from], endpointSecretContext(row.id)),
    ]);
  }
  await queryRunner.query(`ALTER TABLE "webhook_endpoints" ALTER COLUMN "${to.column}" SET NOT NULL`);
  await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "${from}"`);
}

/**
 * The endpoints' signing secrets sealed at rest as the members' secrets are (`SecretCipher`, AES-256-GCM under
 * SETTINGS_ENCRYPTION_KEY, bound to the endpoint's id): `secret` (clear) becomes `sealed_secret`, every existing row
 * sealed here. `down` opens them back into `secret`.
 */
export class WebhookSecretsSealed1795470000000 implements MigrationInterface {
  name = 'WebhookSecretsSealed1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const sealed = { column: 'sealed_secret', type: 'text' };
    await moveSecrets(queryRunner, 'secret', sealed, (cipher, clear, context) => cipher.seal(clear, context));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const clear = { column: 'secret', type: 'character varying(100)' };
    await moveSecrets(queryRunner, 'sealed_secret', clear, (cipher, sealed, context) => cipher.open(sealed, context));
  }
}
