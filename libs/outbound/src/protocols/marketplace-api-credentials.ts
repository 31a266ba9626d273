import type { LazadaCredentials } from './lazada-affiliate';
import type { ShopeeAppCredentials } from './shopee-open-api';

/** The member secrets the marketplaces' own APIs are called with (saved in the account's settings). */
export const MARKETPLACE_API_SECRET_NAMES = [
  'shopee_app_id',
  'shopee_app_secret',
  'lazada_app_key',
  'lazada_app_secret',
  'lazada_user_token',
] as const;

export type MarketplaceApiSecretName = (typeof MARKETPLACE_API_SECRET_NAMES)[number];

/** A member's credentials per marketplace API: null where a secret it needs is not saved. */
export interface MarketplaceApiCredentials {
  shopee: ShopeeAppCredentials | null;
  lazada: LazadaCredentials | null;
}

/** The credentials the saved secrets make (`marketplace_api` links and product details read the same). */
export function marketplaceApiCredentials(
  saved: Partial<Record<MarketplaceApiSecretName, string>>,
): MarketplaceApiCredentials {
  return {
    shopee:
      saved.shopee_app_id && saved.shopee_app_secret
        ? { appId: saved.shopee_app_id, secret: saved.shopee_app_secret }
        : null,
    lazada:
      saved.lazada_app_key && saved.lazada_app_secret && saved.lazada_user_token
        ? { appKey: saved.lazada_app_key, appSecret: saved.lazada_app_secret, userToken: saved.lazada_user_token }
        : null,
  };
}
