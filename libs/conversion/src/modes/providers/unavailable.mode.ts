import type { ParsedLink } from '@app/marketplaces';
import type { ConvertMode } from '../convert-modes';
import { failed, type LinkOutcome } from '../item-error';
import { ModeProvider } from '../mode-provider';

/**
 * A mode this version does not offer yet: every link fails with `mode_unavailable` (never a made-up
 * result), so callers can tell it apart from a bad link. Replaced by the real provider when it lands.
 */
export class UnavailableMode extends ModeProvider {
  /** Nothing to convert, so nothing to fetch: short links fail like any other link. */
  override readonly resolvesShortLinks = false;

  constructor(readonly mode: ConvertMode) {
    super();
  }

  async convert(links: readonly ParsedLink[]): Promise<LinkOutcome[]> {
    return links.map(() => failed('mode_unavailable', `The ${this.mode} mode is not available yet`));
  }
}
