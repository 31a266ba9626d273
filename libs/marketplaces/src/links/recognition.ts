import type { MarketplaceId } from './marketplace-link';

/**
 * What an adapter recognises, as data: every host (enumerated from the adapter's own host tables) and every path
 * family per host role, each with an example the adapter must read as the family says (checked by
 * `recognition.spec.ts`). `npm run docs:links` writes the recognition tables of docs/api.md from it.
 */
export interface MarketplaceRecognition {
  marketplace: MarketplaceId;
  label: string;
  /** Every host the adapter owns. */
  hosts: readonly RecognisedHost[];
  /** What each host role is, in words ('site', 'short links'...). */
  roles: Readonly<Record<string, string>>;
  paths: readonly PathFamily[];
}

export interface RecognisedHost {
  host: string;
  /** The region the host's links get ('vn', 'com.my', ...). */
  region: string;
  role: string;
}

/**
 * What a link of a path family is: a `product` or other convertible `page`, a `short` link (resolved), a `foreign`
 * affiliate link (read from its target parameter, never fetched, re-affiliated), or `refused` (recognised and
 * counted, never converted: `not_a_product` / `invalid_link`).
 */
export type PathFamilyKind = 'product' | 'page' | 'short' | 'foreign' | 'refused';

export interface PathFamily {
  /** Host roles it applies to; 'app' for an app scheme (`shopee://`). */
  roles: readonly string[];
  /** The path (and query) shape, in the docs' notation: `/<slug>-i.<shop>.<item>`. */
  path: string;
  kind: PathFamilyKind;
  /** A link of the family; the adapter must read it as `kind`. */
  example: string;
  note?: string;
}

/** Country names of the regions (public suffixes, TikTok country codes) the adapters use. */
export const REGION_COUNTRIES: Readonly<Record<string, string>> = {
  vn: 'Vietnam',
  sg: 'Singapore',
  'com.my': 'Malaysia',
  my: 'Malaysia',
  'co.th': 'Thailand',
  'co.id': 'Indonesia',
  id: 'Indonesia',
  ph: 'Philippines',
  'com.ph': 'Philippines',
  tw: 'Taiwan',
  'com.br': 'Brazil',
};

/** `sub.domain` or `domain` for the bare one (''). */
export function hostName(subdomain: string, domain: string): string {
  return subdomain ? `${subdomain}.${domain}` : domain;
}
