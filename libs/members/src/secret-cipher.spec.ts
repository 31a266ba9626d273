import { randomBytes } from 'node:crypto';
import { SecretCipher } from './secret-cipher';

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
