import { Injectable } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { createHash, createHmac } from 'node:crypto';

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;
export const BCRYPT_COST = 12;

/** Marks a hash made over the keyed pre-hash; a hash without it is the legacy form (unkeyed SHA-256). */
const KEYED_PREFIX = 'hmac1:';

/**
 * bcrypt reads at most 72 bytes. Instead of truncating silently, every password is first reduced to
 * base64(HMAC-SHA256(PASSWORD_PEPPER, password)) (44 ASCII bytes, no NUL), so all 128 characters count, and a
 * copy of the `members` table alone is not enough to test guesses offline.
 */
function keyedPrehash(pepper: string, password: string): string {
  return createHmac('sha256', pepper).update(password, 'utf8').digest('base64');
}

/** The pre-hash of hashes stored before PASSWORD_PEPPER: base64(SHA-256(password)). Verified, never made. */
function legacyPrehash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('base64');
}

/**
 * The password-hashing edge (async bcrypt: never blocks the event loop). Hashes are `hmac1:` + bcrypt over the
 * keyed pre-hash; older hashes (plain bcrypt over SHA-256) still verify, and `needsRehash` tells the login to
 * replace them. Inject it; build it with a low cost in tests.
 */
@Injectable()
export class PasswordHasher {
  constructor(
    private readonly pepper: string,
    private readonly cost: number = BCRYPT_COST,
  ) {
    if (!pepper) throw new Error('PasswordHasher needs PASSWORD_PEPPER');
  }

  async hash(password: string): Promise<string> {
    return KEYED_PREFIX + (await bcrypt.hash(keyedPrehash(this.pepper, password), this.cost));
  }

  verify(password: string, hash: string): Promise<boolean> {
    if (hash.startsWith(KEYED_PREFIX)) {
      return bcrypt.compare(keyedPrehash(this.pepper, password), hash.slice(KEYED_PREFIX.length));
    }
    return bcrypt.compare(legacyPrehash(password), hash);
  }

  /** Whether a hash is in the legacy form, to be replaced once the password is known (a successful login). */
  needsRehash(hash: string): boolean {
    return !hash.startsWith(KEYED_PREFIX);
  }
}

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_CHARS || length > PASSWORD_MAX_CHARS) {
    return `The password must be ${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters long`;
  }
  return null;
}
