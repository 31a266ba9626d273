/** What only tests name: the adapters one by one, the link identifier, and the pieces the conversion specs check. */
export { CLICK_ID_PARAMS } from '../links/click-ids';
export {
  LazadaAdapter,
  LinkIdentifier,
  type MarketplaceAdapter,
  ShopeeAdapter,
  TikiAdapter,
  TikTokAdapter,
} from '../links';
export { unwrapLink } from '../links/link-wrappers';
export type { PathFamilyKind } from '../links/recognition';
export { API_DOC_PATH, apiDoc } from '../recognition-docs';
