import { Injectable, Module } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommonConfig, commonConfig, SETTINGS_KEY_SHAPE } from '../common.config';
import { GENERATED_SECRET_FILES } from '../config/secret-file';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The encryption edge for secrets kept at rest (the members' saved secrets, the webhook endpoints' signing secrets): AES-256-GCM, a random 12-byte IV per value, the whole
 * sealed value as one string `v1:<iv>:<tag>:<ciphertext>` (base64url). `context` (the table, row and
 * field) is bound as additional authenticated data, so a value copied to another row or member fails to open.
 */
@Injectable()
export class SecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('SETTINGS_ENCRYPTION_KEY must decode to 32 bytes');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join(':');
  }

  /** The plaintext; throws when the value was tampered with, sealed under another key, or for another context. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error('Not a sealed settings value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The one provider of `SecretCipher`, keyed with SETTINGS_ENCRYPTION_KEY: every module that keeps a secret at rest
 * imports this module, so every secret is sealed under the same key setting.
 */
@Module({
  providers: [
    {
      provide: SecretCipher,
      inject: [commonConfig.KEY],
      useFactory: (config: CommonConfig) => {
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
      const file = GENERATED_SECRET_FILES.find(({ name }) => name === 'SETTINGS_ENCRYPTION_KEY')!.file;
      key = readFileSync(join(env.DATA_DIR?.trim() || new CommonConfig().DATA_DIR, file), 'utf8').trim();
    } catch {
      key = undefined;
    }
  }
  return key && SETTINGS_KEY_SHAPE.test(key) ? new SecretCipher(key) : null;
}
