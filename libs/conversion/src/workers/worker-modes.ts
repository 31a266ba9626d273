import type { Marketplaces } from '@app/marketplaces';
import type { ModeProvider } from '../modes/mode-provider';
import { AffiliateMode } from '../modes/providers/affiliate.mode';
import { LinkGocMode } from '../modes/providers/link-goc.mode';

/**
 * The modes a worker thread converts large texts with: those that need nothing but the links and the call's
 * context (no database, Redis, outside service or per-request state), so that the whole conversion, its answer's
 * JSON included, can run off the event loop. The api asks this list which modes go to the workers.
 */
export function workerModes(marketplaces: Marketplaces): ModeProvider[] {
  return [new LinkGocMode(), new AffiliateMode(marketplaces)];
}
