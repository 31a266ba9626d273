import type { Principal } from '@app/credentials';
import type { MarketplaceSettings, ParsedLink } from '@app/marketplaces';
import type { ConvertMode } from './convert-modes';
import type { LinkOutcome } from './item-error';

export interface ModeContext {
  principal: Principal;
  /** The request's affiliate id, or the member's saved default; set whenever the mode needs one. */
  affiliateId: string | null;
  subIds: readonly string[];
  /** The member's marketplace settings (Lazada master link, Tiki TAP codes...), when any are known. */
  marketplaceSettings?: MarketplaceSettings;
}

/**
 * The contract every mode implements. A provider gets the distinct convertible links of one request
 * (kind 'product' or 'page') all at once, so it can batch its work, and answers one outcome per link,
 * in the same order. It fails a link by returning an outcome, never by throwing.
 *
 * Short links are resolved before the provider runs (they reach it as the product or page they lead to)
 * when `resolvesShortLinks` is true; a provider that sets it to false gets them as they are (kind 'short').
 */
export abstract class ModeProvider {
  abstract readonly mode: ConvertMode;
  readonly resolvesShortLinks: boolean = true;
  abstract convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]>;

  /**
   * Whether the member may use the mode at all (plan, set-up), checked once per request before any link is
   * looked at: throws an `AppException` (`plan_required`, `not_configured`) that fails the whole request.
   */
  async authorize(_context: ModeContext): Promise<void> {}
}
