import { Injectable, Inject } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { SHORT_CODE_ALPHABET } from '../shortlinks.constants';
import { isReservedCode } from './reserved-paths';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/** Bytes at or above this value are dropped, so every character of the alphabet is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % SHORT_CODE_ALPHABET.length);

/** One crypto-random code of `length` characters from the alphabet (rejection sampling: no modulo bias). */
export function randomShortCode(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/**
 * The random edge of short links: inject it so tests can force collisions. Never issues a code that is one of
 * the api's own paths (`admin`, `docs`...: see `isReservedPath`), so codes can live at the root of its host.
 */
@Injectable()
export class ShortCodeGenerator {
  constructor(@Inject(shortLinksConfig.KEY) private readonly config: ShortLinksConfig) {}

  next(): string {
    return unreservedCode(() => randomShortCode(this.config.SHORT_CODE_LENGTH));
  }
}

/** The first code from `draw` that is not reserved. */
export function unreservedCode(draw: () => string): string {
  for (;;) {
    const code = draw();
    if (!isReservedCode(code)) return code;
  }
}
