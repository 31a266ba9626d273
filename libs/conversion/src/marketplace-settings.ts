import { Injectable } from '@nestjs/common';
import type { Principal } from '@app/credentials';
import type { MarketplaceSettings } from './links';

/**
 * Where a member's marketplace settings (Lazada master link, Tiki TAP codes) come from. Asked once per convert
 * request that has links to convert. The account area provides the real source; until it is wired in, no member
 * has settings, and the formats that need them fail per link with `marketplace_not_configured`.
 */
export abstract class MarketplaceSettingsSource {
  abstract forMember(principal: Principal): Promise<MarketplaceSettings | undefined>;
}

/** The source used until member marketplace settings exist: none. */
@Injectable()
export class NoMarketplaceSettings extends MarketplaceSettingsSource {
  async forMember(): Promise<MarketplaceSettings | undefined> {
    return undefined;
  }
}
