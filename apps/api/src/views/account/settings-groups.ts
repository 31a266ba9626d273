import type { MarketplaceSettingName, MemberSecretName } from '@app/members';

export interface SettingsGroup {
  id: string;
  title: string;
  /** What the group is for: which modes and links use it. */
  purpose: string;
  plain: Array<{ name: 'affiliate_id' | 'sub_ids' | MarketplaceSettingName; label: string; hint?: string }>;
  secrets: Array<{ name: MemberSecretName; label: string }>;
}

/**
 * The settings grouped by marketplace and outside service: one card and one form each, saved apart. Every
 * saved setting is in exactly one group (a test checks it against the settings' own lists).
 */
export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    id: 'defaults',
    title: 'Defaults for every marketplace',
    purpose: 'Used by POST /api/convert when a request does not send them.',
    plain: [
      { name: 'affiliate_id', label: 'Affiliate id' },
      { name: 'sub_ids', label: 'Sub ids', hint: 'Up to 5, separated by commas; letters and digits only.' },
    ],
    secrets: [],
  },
  {
    id: 'shopee',
    title: 'Shopee',
    purpose: 'The Shopee Affiliate Open API app, for the marketplace_api mode on Shopee links.',
    plain: [],
    secrets: [
      { name: 'shopee_app_id', label: 'Shopee Affiliate app id' },
      { name: 'shopee_app_secret', label: 'Shopee Affiliate app secret' },
    ],
  },
  {
    id: 'lazada',
    title: 'Lazada',
    purpose: 'Your LazAffiliates master link (affiliate links to Lazada) and the Open Platform app (marketplace_api).',
    plain: [
      {
        name: 'lazada_master_code',
        label: 'Lazada master link',
        hint: 'Your LazAffiliates master link (https://c.lazada.vn/t/c.…) or its code.',
      },
    ],
    secrets: [
      { name: 'lazada_app_key', label: 'Lazada app key' },
      { name: 'lazada_app_secret', label: 'Lazada app secret' },
      { name: 'lazada_user_token', label: 'Lazada affiliate user token' },
    ],
  },
  {
    id: 'tiki',
    title: 'Tiki',
    purpose: 'Your Tiki TAP codes, for affiliate links to Tiki (ti.ki/<publisher>/<campaign>).',
    plain: [
      { name: 'tiki_publisher_code', label: 'Tiki TAP publisher code' },
      { name: 'tiki_campaign_code', label: 'Tiki TAP campaign code' },
    ],
    secrets: [],
  },
  {
    id: 'bitly',
    title: 'Bitly',
    purpose: 'For the ext_shortener_4 mode (Bitly short links).',
    plain: [],
    secrets: [{ name: 'bitly_token', label: 'Bitly access token' }],
  },
  {
    id: 'cuttly',
    title: 'Cutt.ly',
    purpose: 'For the ext_shortener_5 mode (Cutt.ly short links).',
    plain: [],
    secrets: [{ name: 'cuttly_key', label: 'Cutt.ly API key' }],
  },
];

export function settingsGroup(id: string): SettingsGroup | undefined {
  return SETTINGS_GROUPS.find((group) => group.id === id);
}
