import { SecretCipher } from './secret-cipher';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationSecretCipher } from './secret-cipher.module';

describe('migrationSecretCipher', () => {
  it('takes SETTINGS_ENCRYPTION_KEY from the environment, else the embedded DATA_DIR file, else none', () => {
    const key = randomBytes(32).toString('base64');
    const sealed = new SecretCipher(key).seal('whsec_x', 'ctx');
    expect(migrationSecretCipher({ SETTINGS_ENCRYPTION_KEY: key })!.open(sealed, 'ctx')).toBe('whsec_x');
    const dir = mkdtempSync(join(tmpdir(), 'linkconv-cipher-'));
    try {
      writeFileSync(join(dir, 'settings-encryption-key'), `${key}\n`);
      expect(migrationSecretCipher({ DATA_DIR: dir })!.open(sealed, 'ctx')).toBe('whsec_x');
      // With DATABASE_URL the key comes from the environment only.
      expect(migrationSecretCipher({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y' })).toBeNull();
      expect(migrationSecretCipher({ DATA_DIR: join(dir, 'none') })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
