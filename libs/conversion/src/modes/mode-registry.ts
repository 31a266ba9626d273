import { Inject, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { CONVERT_MODE_NAMES, ConvertMode } from './convert-modes';
import { ModeProvider } from './mode-provider';

export const MODE_PROVIDERS = Symbol('MODE_PROVIDERS');

/** Looks mode providers up by name. Refuses to start with a mode missing or provided twice. */
@Injectable()
export class ModeRegistry {
  private readonly byMode = new Map<ConvertMode, ModeProvider>();

  constructor(@Inject(MODE_PROVIDERS) providers: ModeProvider[]) {
    for (const provider of providers) {
      if (this.byMode.has(provider.mode)) throw new Error(`Mode "${provider.mode}" has more than one provider`);
      this.byMode.set(provider.mode, provider);
    }
    const missing = CONVERT_MODE_NAMES.filter((mode) => !this.byMode.has(mode));
    if (missing.length > 0) throw new Error(`No provider for mode(s): ${missing.join(', ')}`);
  }

  get(mode: string): ModeProvider {
    const provider = this.byMode.get(mode as ConvertMode);
    if (!provider) throw invalidMode();
    return provider;
  }
}

export function invalidMode(): AppException {
  return new AppException('invalid_mode', `mode must be one of: ${CONVERT_MODE_NAMES.join(', ')}`, { field: 'mode' });
}
