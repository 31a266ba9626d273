import type { Principal } from '@app/credentials';
import type { ParsedLink } from '../links';
import type { ConvertMode } from './convert-modes';
import type { LinkOutcome } from './item-error';

export interface ModeContext {
  principal: Principal;
  /** The request's affiliate id, or the member's saved default; set whenever the mode needs one. */
  affiliateId: string | null;
  subIds: readonly string[];
}

/**
 * The contract every mode implements. A provider gets the distinct convertible links of one request
 * (kind 'product' or 'page') all at once, so it can batch its work, and answers one outcome per link,
 * in the same order. It fails a link by returning an outcome, never by throwing.
 */
export abstract class ModeProvider {
  abstract readonly mode: ConvertMode;
  abstract convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]>;
}
