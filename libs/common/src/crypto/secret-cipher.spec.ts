import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationSecretCipher, SecretCipher } from './secret-cipher';

describe('SecretCipher', () => {
  const key = randomBytes(32).toString('base64');
  const cipher = new SecretCipher(key);

  it('seals to v1:<iv>:<tag>:<ciphertext> with a fresh IV every time, and opens it again', () => {
    const a = cipher.seal('bitly-token-123', 'ctx');
    const b = cipher.seal('bitly-token-123', 'ctx');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('bitly');
    expect(cipher.open(a, 'ctx')).toBe('bitly-token-123');
    expect(cipher.open(cipher.seal('ünïcødé ✓', 'ctx'), 'ctx')).toBe('ünïcødé ✓');
  });

  it('refuses a value sealed for another context (member or setting), under another key, or tampered with', () => {
    const sealed = cipher.seal('secret', 'member_secrets:alice:bitly_token');
    expect(() => cipher.open(sealed, 'member_secrets:bob:bitly_token')).toThrow();
    expect(() =>
      new SecretCipher(randomBytes(32).toString('base64')).open(sealed, 'member_secrets:alice:bitly_token'),
    ).toThrow();
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      cipher.open([version, iv, tag, flipped.toString('base64url')].join(':'), 'member_secrets:alice:bitly_token'),
    ).toThrow();
    expect(() => cipher.open('v2:a:b:c', 'x')).toThrow(/Not a sealed/);
  });

  it('takes base64 and base64url keys of 32 bytes only', () => {
    const raw = randomBytes(32);
    expect(() => new SecretCipher(raw.toString('base64url'))).not.toThrow();
    expect(() => new SecretCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

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
