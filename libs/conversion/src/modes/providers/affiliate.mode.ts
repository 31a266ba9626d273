import { Injectable } from '@nestjs/common';
import type { ParsedLink } from '../../links';
import { Marketplaces } from '../../marketplaces';
import type { LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';

/** `affiliate`: the marketplace's affiliate redirect link, built locally (Shopee: `s.shopee.<tld>/an_redir`). */
@Injectable()
export class AffiliateMode extends ModeProvider {
  readonly mode = 'affiliate' as const;

  constructor(private readonly marketplaces: Marketplaces) {
    super();
  }

  async convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const affiliateId = context.affiliateId;
    if (!affiliateId) throw new Error('affiliate mode called without an affiliate id');
    return links.map((link) => ({
      ok: true,
      output: this.marketplaces
        .adapter(link.marketplace)
        .buildAffiliateLink(link, { affiliateId, subIds: [...context.subIds] }),
    }));
  }
}
