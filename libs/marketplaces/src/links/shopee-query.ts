import { onlyParams, trackingRules, withoutTracking } from './query-filter';
import { queryPairValue } from './url-helpers';

/**
 * Signed voucher payloads. Stripping them loses the buyer's social-channel voucher,
 * so they are the only parameters a canonical product link keeps.
 */
const VOUCHER_PARAMS: ReadonlySet<string> = new Set(['gads_t_sig', 'encrypted_payload', 'credential_token']);

/** `lp=aff` marks an affiliate landing; other `lp` values are kept. */
const AFFILIATE_LANDING_PARAM = 'lp';
const AFFILIATE_LANDING_VALUE = 'aff';

/** Tracking and foreign-affiliate parameters removed from canonical page links (names compared lower-case). */
const SHOPEE_TRACKING = trackingRules(
  [
    'uls_trackid',
    'mmp_pid',
    'fb_content_id',
    'exp_group',
    'content_type',
    'channel_type',
    'smtt',
    'd_id',
    'sp_atk',
    'xptdk',
    'extraparams',
    'share_channel_code',
    '__mobile__',
    'sub_id',
    // Shop-page navigation markers: where the visitor came from (ShopByPDP, ShopBySearch), not who referred them.
    'entrypoint',
    'searchkeyword',
  ],
  {
    pair: (name, pair) =>
      name === AFFILIATE_LANDING_PARAM && queryPairValue(pair).toLowerCase() === AFFILIATE_LANDING_VALUE,
  },
);

/** `?…` with only the voucher parameters of `search`, in their original order and encoding. */
export function voucherQuery(search: string): string {
  return onlyParams(search, VOUCHER_PARAMS);
}

/** `?…` with the tracking parameters of `search` removed; the rest keeps its order and encoding. */
export function withoutTrackingQuery(search: string): string {
  return withoutTracking(search, SHOPEE_TRACKING);
}
