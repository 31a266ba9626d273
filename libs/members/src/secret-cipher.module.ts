import { Module } from '@nestjs/common';
import { SecretCipher } from './secret-cipher';
import { databaseConfig } from '@app/database';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MembersConfig, membersConfig, SETTINGS_KEY_FILE, SETTINGS_KEY_SHAPE } from './members.config';

/**
 * The one provider of `SecretCipher`, keyed with SETTINGS_ENCRYPTION_KEY (a setting of this lib, which keeps the
 * members' secrets): every module that keeps a secret at rest (the members' saved secrets, the webhook endpoints'
 * signing secrets) imports this module, so every secret is sealed under the same key setting.
 */
@Module({
  providers: [
    {
      provide: SecretCipher,
      inject: [membersConfig.KEY],
      useFactory: (config: MembersConfig) => {
        if (!config.SETTINGS_ENCRYPTION_KEY) throw new Error('SETTINGS_ENCRYPTION_KEY is not set');
        return new SecretCipher(config.SETTINGS_ENCRYPTION_KEY);
      },
    },
  ],
  exports: [SecretCipher],
})
export class SecretCipherModule {}

/**
 * The cipher for a migration that seals or opens rows: SETTINGS_ENCRYPTION_KEY from the environment, else the
 * embedded deployment's file (`DATA_DIR/settings-encryption-key`, never made here); null when neither is there.
 */
export function migrationSecretCipher(env: NodeJS.ProcessEnv = process.env): SecretCipher | null {
  let key = env.SETTINGS_ENCRYPTION_KEY?.trim();
  if (!key && !env.DATABASE_URL?.trim()) {
    try {
      const dataDir = env.DATA_DIR?.trim() || new databaseConfig.settings().DATA_DIR;
      key = readFileSync(join(dataDir, SETTINGS_KEY_FILE), 'utf8').trim();
    } catch {
      key = undefined;
    }
  }
  return key && SETTINGS_KEY_SHAPE.test(key) ? new SecretCipher(key) : null;
}
