import { Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { MemberSettingsService } from '@app/members';
import {
  lazadaApiRegion,
  MARKETPLACE_API_SECRET_NAMES,
  marketplaceApiCredentials,
  type MarketplaceApiCredentials,
  OutsideLinks,
  shopeeOpenApiRegion,
  type MarketplaceTarget,
  type OutboundResult,
} from '@app/outbound';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { failed, type LinkOutcome } from '../item-error';
import { ModeContext, ModeProvider } from '../mode-provider';
import { outsideOutcome } from './outside-outcome';

/**
 * `marketplace_api`: the marketplace's own affiliate link from its official API, with the member's saved app
 * credentials: Shopee Affiliate Open API `generateShortLink` (the product or page link, `subIds` passed
 * through, at the Open API endpoint of the link's site) and Lazada `marketing/getlink` (batches of 100).
 * A member with neither set of credentials gets 403 `not_configured`; a link of a marketplace whose credentials
 * are missing fails with `marketplace_not_configured`; TikTok Shop and Tiki have no such API here
 * (`unsupported_for_marketplace`).
 */
@Injectable()
export class MarketplaceApiMode extends ModeProvider {
  readonly mode = 'marketplace_api' as const;

  constructor(
    private readonly marketplaces: Marketplaces,
    private readonly outside: OutsideLinks,
    private readonly settings: MemberSettingsService,
  ) {
    super();
  }

  override async authorize({ principal }: ModeContext): Promise<void> {
    await this.credentials(principal.memberId);
  }

  async convert(links: readonly ParsedLink[], context: ModeContext): Promise<LinkOutcome[]> {
    const memberId = context.principal.memberId;
    const credentials = await this.credentials(memberId);
    const outcomes: Array<LinkOutcome | null> = [];
    const shopee: MarketplaceTarget[] = [];
    const lazada: MarketplaceTarget[] = [];
    for (const link of links) {
      const label = this.marketplaces.adapter(link.marketplace).label;
      if (!link.canonicalUrl) {
        outcomes.push(failed('invalid_link', 'No canonical link for this URL'));
      } else if (link.marketplace === 'shopee' || link.marketplace === 'lazada') {
        const configured = link.marketplace === 'shopee' ? credentials.shopee : credentials.lazada;
        const region = link.marketplace === 'shopee' ? shopeeOpenApiRegion(link.region) : lazadaApiRegion(link.region);
        if (!configured) {
          outcomes.push(
            failed(
              'marketplace_not_configured',
              link.marketplace === 'shopee'
                ? 'Save your Shopee Affiliate Open API app id and secret (shopee_app_id, shopee_app_secret) to convert Shopee links in this mode'
                : 'Save your Lazada app key, app secret and user token (lazada_app_key, lazada_app_secret, lazada_user_token) to convert Lazada links in this mode',
            ),
          );
        } else if (!region) {
          outcomes.push(failed('unsupported_for_marketplace', `${label} has no affiliate API for this site`));
        } else {
          (link.marketplace === 'shopee' ? shopee : lazada).push({ url: link.canonicalUrl, region: link.region });
          outcomes.push(null);
        }
      } else {
        outcomes.push(failed('unsupported_for_marketplace', `${label} has no affiliate API this service can call`));
      }
    }
    const noLinks = Promise.resolve(new Map<string, OutboundResult>());
    const [fromShopee, fromLazada] = await Promise.all([
      shopee.length > 0 && credentials.shopee
        ? this.outside.shopeeShortLinks(shopee, context.subIds, memberId, credentials.shopee)
        : noLinks,
      lazada.length > 0 && credentials.lazada
        ? this.outside.lazadaLinks(lazada, context.subIds, memberId, credentials.lazada)
        : noLinks,
    ]);
    return links.map((link, i) => {
      const outcome = outcomes[i];
      if (outcome) return outcome;
      const results = link.marketplace === 'shopee' ? fromShopee : fromLazada;
      return outsideOutcome(results.get(link.canonicalUrl!));
    });
  }

  private async credentials(memberId: string): Promise<MarketplaceApiCredentials> {
    const saved = await this.settings.secrets(memberId, MARKETPLACE_API_SECRET_NAMES);
    const result = marketplaceApiCredentials(saved);
    if (!result.shopee && !result.lazada) {
      throw new AppException(
        'not_configured',
        'The marketplace_api mode needs your Shopee Affiliate Open API app id and secret (shopee_app_id, ' +
          'shopee_app_secret) or your Lazada app key, app secret and user token: save them in your account settings',
      );
    }
    return result;
  }
}
