import * as bcrypt from 'bcrypt';
import { createHash } from 'node:crypto';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, PasswordHasher, passwordProblem } from './password-hasher';

const PEPPER = 'unit-test-password-pepper-0123456789abcdef';

/** A hash as stored before PASSWORD_PEPPER: bcrypt over base64(SHA-256(password)), no prefix. */
function legacyHash(password: string): Promise<string> {
  return bcrypt.hash(createHash('sha256').update(password, 'utf8').digest('base64'), 4);
}

describe('PasswordHasher', () => {
  // Low cost for everything but the production-cost test: same code, fast.
  const fast = new PasswordHasher(PEPPER, 4);

  it('hashes at cost 12 in production, and a change after byte 72 is a wrong password (no truncation)', async () => {
    const production = new PasswordHasher(PEPPER);
    const long = 'p'.repeat(80) + 'A';
    const changedAfter72 = 'p'.repeat(80) + 'B';
    expect(Buffer.byteLength(long)).toBeGreaterThan(72);
    const hash = await production.hash(long);
    expect(hash).toMatch(/^hmac1:\$2b\$12\$[./A-Za-z0-9]{53}$/);
    expect(hash.length).toBeLessThanOrEqual(100); // members.password_hash is varchar(100)
    expect(await production.verify(long, hash)).toBe(true);
    expect(await production.verify(changedAfter72, hash)).toBe(false);
  });

  it('counts every character of a 128-character multi-byte password', async () => {
    const password = 'é'.repeat(PASSWORD_MAX_CHARS - 1) + 'x'; // 255 bytes
    const hash = await fast.hash(password);
    expect(await fast.verify(password, hash)).toBe(true);
    expect(await fast.verify('é'.repeat(PASSWORD_MAX_CHARS - 1) + 'y', hash)).toBe(false);
    expect(await fast.verify('é'.repeat(PASSWORD_MAX_CHARS - 1), hash)).toBe(false);
  });

  it('salts every hash and keys it with the pepper: another pepper does not verify it', async () => {
    const first = await fast.hash('correct horse battery');
    const second = await fast.hash('correct horse battery');
    expect(first).not.toBe(second);
    expect(await fast.verify('correct horse battery', second)).toBe(true);
    const otherPepper = new PasswordHasher('another-password-pepper-0123456789abcdef', 4);
    expect(await otherPepper.verify('correct horse battery', first)).toBe(false);
    expect(() => new PasswordHasher('')).toThrow(/PASSWORD_PEPPER/);
  });

  it('still verifies legacy (unkeyed SHA-256) hashes, long passwords included, and asks for their rehash', async () => {
    const long = 'ü'.repeat(100); // 200 bytes
    const legacy = await legacyHash(long);
    expect(await fast.verify(long, legacy)).toBe(true);
    expect(await fast.verify('ü'.repeat(99) + 'u', legacy)).toBe(false);
    expect(fast.needsRehash(legacy)).toBe(true);

    const upgraded = await fast.hash(long);
    expect(fast.needsRehash(upgraded)).toBe(false);
    expect(await fast.verify(long, upgraded)).toBe(true);
    // The keyed hash is not the legacy one with a prefix: it cannot be checked without the pepper.
    const unkeyed = createHash('sha256').update(long, 'utf8').digest('base64');
    expect(await bcrypt.compare(unkeyed, upgraded.slice('hmac1:'.length))).toBe(false);
  });
});

describe('passwordProblem', () => {
  it(`takes ${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters, counted as characters, not bytes or UTF-16 units`, () => {
    expect(PASSWORD_MIN_CHARS).toBe(8);
    expect(PASSWORD_MAX_CHARS).toBe(128);
    expect(passwordProblem('a'.repeat(7))).toBe('The password must be 8 to 128 characters long');
    expect(passwordProblem('a'.repeat(8))).toBeNull();
    expect(passwordProblem('a'.repeat(128))).toBeNull();
    expect(passwordProblem('a'.repeat(129))).toBe('The password must be 8 to 128 characters long');
    // 128 emoji: 512 bytes and 256 UTF-16 units, still 128 characters.
    expect(passwordProblem('🔑'.repeat(128))).toBeNull();
    expect(passwordProblem('🔑'.repeat(129))).not.toBeNull();
    // 4 emoji are 8 UTF-16 units but only 4 characters.
    expect(passwordProblem('🔑'.repeat(4))).not.toBeNull();
    expect(passwordProblem('')).not.toBeNull();
  });
});
