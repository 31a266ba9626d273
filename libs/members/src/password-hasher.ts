import { Injectable } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { createHash } from 'node:crypto';

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;
const BCRYPT_COST = 12;

/**
 * bcrypt reads at most 72 bytes. Instead of truncating silently, every password is first reduced to
 * base64(SHA-256(password)) (44 ASCII bytes, no NUL), so all 128 characters count.
 */
function prehash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('base64');
}

/** The password-hashing edge (async bcrypt: never blocks the event loop). Inject it; fake it in tests. */
@Injectable()
export class PasswordHasher {
  constructor(private readonly cost: number = BCRYPT_COST) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(prehash(password), this.cost);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(prehash(password), hash);
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
