import { CLICK_ID_PARAMS } from './click-ids';
import { joinQuery, queryPairName, queryPairValue, rawQueryPairs } from './url-helpers';

/**
 * Tracking and foreign-affiliate parameters that no marketplace page needs (names compared lower-case):
 * click ids and share-sheet and messenger markers (the open list of `click-ids.ts`), and the click parameters other
 * affiliate networks (HasOffers/TUNE-style: Involve Asia, AccessTrade...) leave on the landing pages they send to
 * (`offer_id`, `affiliate_id`, `transaction_id`...; their `aff_source` is an `aff_*` prefix). Each marketplace adds
 * its own; a product link keeps only the parameters its marketplace needs (Shopee's voucher signatures...).
 */
export const COMMON_TRACKING_PARAMS: readonly string[] = [
  ...CLICK_ID_PARAMS,
  'offer_id',
  'offer_name',
  'offer_ref',
  'affiliate_id',
  'affiliate_name',
  'transaction_id',
];

/** Parameter-name prefixes that are always tracking: `utm_*`, AppsFlyer `af_*`, affiliate `aff_*`. */
export const COMMON_TRACKING_PREFIXES: readonly string[] = ['utm_', 'af_', 'aff_'];

export interface TrackingRules {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
  /** Extra test on the whole raw pair (e.g. Shopee's `lp=aff`, where only one value is tracking). */
  pair?: (name: string, pair: string) => boolean;
}

export function trackingRules(names: readonly string[], extra?: Partial<Omit<TrackingRules, 'names'>>): TrackingRules {
  return {
    names: new Set([...COMMON_TRACKING_PARAMS, ...names]),
    prefixes: [...COMMON_TRACKING_PREFIXES, ...(extra?.prefixes ?? [])],
    pair: extra?.pair,
  };
}

/** `?…` with the tracking parameters of `search` removed; the rest keeps its order and encoding. */
export function withoutTracking(search: string, rules: TrackingRules): string {
  return joinQuery(rawQueryPairs(search).filter((pair) => !isTracking(pair, rules)));
}

/** `?…` with only the named parameters of `search` (names compared lower-case), in their order and encoding. */
export function onlyParams(search: string, names: ReadonlySet<string>): string {
  return joinQuery(rawQueryPairs(search).filter((pair) => names.has(queryPairName(pair))));
}

/** The decoded value of the first parameter named `name` (compared lower-case), or null. */
export function paramValue(search: string, name: string): string | null {
  const pair = rawQueryPairs(search).find((candidate) => queryPairName(candidate) === name);
  return pair === undefined ? null : queryPairValue(pair);
}

function isTracking(pair: string, rules: TrackingRules): boolean {
  const name = queryPairName(pair);
  if (rules.names.has(name)) return true;
  if (rules.prefixes.some((prefix) => name.startsWith(prefix))) return true;
  return rules.pair?.(name, pair) ?? false;
}
