/**
 * The secrets a member can save for the modes that call outside services on their behalf:
 * Shopee Affiliate Open API app id and secret (`marketplace_api`), Bitly access token (`ext_shortener_4`),
 * Cutt.ly API key (`ext_shortener_5`), Lazada Open Platform app key, app secret and affiliate user token
 * (`marketplace_api` for Lazada links, `marketing/getlink`).
 */
export const MEMBER_SECRET_NAMES = [
  'shopee_app_id',
  'shopee_app_secret',
  'bitly_token',
  'cuttly_key',
  'lazada_app_key',
  'lazada_app_secret',
  'lazada_user_token',
] as const;
export type MemberSecretName = (typeof MEMBER_SECRET_NAMES)[number];

export function isMemberSecretName(name: string): name is MemberSecretName {
  return (MEMBER_SECRET_NAMES as readonly string[]).includes(name);
}
