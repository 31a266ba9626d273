import { Injectable } from '@nestjs/common';
import type { Principal } from '@app/credentials';
import type { MarketplaceSettings } from '@app/marketplaces';

/**
 * Where a member's marketplace settings (Lazada master link, Tiki TAP codes) come from. Asked once per convert
 * request that has links to convert. Formats whose settings are missing fail per link with
 * `marketplace_not_configured`.
 */
export abstract class MarketplaceSettingsSource {
  abstract forMember(principal: Principal): Promise<MarketplaceSettings | undefined>;
}

/**
 * The member's saved codes, as they travel with the verified credentials (loaded with the member row on
 * verification, dropped from the credential cache when the member saves new settings).
 */
@Injectable()
export class PrincipalMarketplaceSettings extends MarketplaceSettingsSource {
  async forMember(principal: Principal): Promise<MarketplaceSettings | undefined> {
    const saved = principal.marketplaceSettings ?? {};
    return {
      lazadaMasterCode: saved.lazada_master_code,
      tikiPublisherCode: saved.tiki_publisher_code,
      tikiCampaignCode: saved.tiki_campaign_code,
    };
  }
}
