import { Injectable } from '@nestjs/common';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { failed, type LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';

/**
 * `affiliate`: the marketplace's affiliate link, built locally (Shopee `s.shopee.<tld>/an_redir`, Lazada master
 * link, Tiki TAP link). A marketplace without a local format, or whose format needs a setting the member lacks,
 * fails that link only.
 */
@Injectable()
export class AffiliateMode extends ModeProvider {
  readonly mode = 'affiliate' as const;

  constructor(private readonly marketplaces: Marketplaces) {
    super();
  }

  async convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const affiliateId = context.affiliateId;
    if (!affiliateId) throw new Error('affiliate mode called without an affiliate id');
    const params = {
      affiliateId,
      subIds: [...context.subIds],
      marketplaceSettings: context.marketplaceSettings,
    };
    return links.map((link): LinkOutcome => {
      const result = this.marketplaces.adapter(link.marketplace).buildAffiliateLink(link, params);
      return result.ok ? { ok: true, output: result.url } : failed(result.code, result.reason);
    });
  }
}
