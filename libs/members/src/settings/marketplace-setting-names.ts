/**
 * Plain (not secret) marketplace settings a member saves for the affiliate formats that need them:
 * the LazAffiliates master link code and the Tiki TAP publisher and campaign codes. They appear in every
 * affiliate link built with them, so they are stored and shown as they are.
 */
export const MARKETPLACE_SETTING_NAMES = ['lazada_master_code', 'tiki_publisher_code', 'tiki_campaign_code'] as const;
export type MarketplaceSettingName = (typeof MARKETPLACE_SETTING_NAMES)[number];
export type MemberMarketplaceSettings = Partial<Record<MarketplaceSettingName, string>>;

/** Letters, digits, `_` and `-`: what every one of these codes is made of once normalised. */
export const MARKETPLACE_CODE_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
