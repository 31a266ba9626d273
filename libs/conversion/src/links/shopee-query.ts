import { joinQuery, queryPairName, queryPairValue, rawQueryPairs } from './url-helpers';

/**
 * Signed voucher payloads. Stripping them loses the buyer's social-channel voucher,
 * so they are the only parameters a canonical product link keeps.
 */
const VOUCHER_PARAMS: ReadonlySet<string> = new Set(['gads_t_sig', 'encrypted_payload', 'credential_token']);

/** Tracking and foreign-affiliate parameters removed from canonical page links (names compared lower-case). */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
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
  'affiliate_id',
  'sub_id',
  'fbclid',
  'gclid',
  'gad_source',
  'gbraid',
  'wbraid',
  'ttclid',
  'zarsrc',
  'igshid',
  'mibextid',
]);

const TRACKING_PARAM_PREFIXES: readonly string[] = ['utm_', 'af_', 'aff_'];

/** `lp=aff` marks an affiliate landing; other `lp` values are kept. */
const AFFILIATE_LANDING_PARAM = 'lp';
const AFFILIATE_LANDING_VALUE = 'aff';

/** `?…` with only the voucher parameters of `search`, in their original order and encoding. */
export function voucherQuery(search: string): string {
  return joinQuery(rawQueryPairs(search).filter((pair) => VOUCHER_PARAMS.has(queryPairName(pair))));
}

/** `?…` with the tracking parameters of `search` removed; the rest keeps its order and encoding. */
export function withoutTrackingQuery(search: string): string {
  return joinQuery(rawQueryPairs(search).filter((pair) => !isTrackingPair(pair)));
}

function isTrackingPair(pair: string): boolean {
  const name = queryPairName(pair);
  if (TRACKING_PARAMS.has(name)) return true;
  if (TRACKING_PARAM_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  return name === AFFILIATE_LANDING_PARAM && queryPairValue(pair).toLowerCase() === AFFILIATE_LANDING_VALUE;
}
