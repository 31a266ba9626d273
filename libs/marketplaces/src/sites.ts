/** The marketplaces whose sites, currencies and regions this table knows (their order reports and product pages). */
export type SiteMarketplace = 'shopee' | 'lazada';

/**
 * Each marketplace's sites by currency: the public suffix of the site's domain (`VND` → `shopee.vn`,
 * `THB` → `lazada.co.th`). The one table of sites, regions and currencies: the marketplaces' order reports give a
 * currency, not a site; the product links give a site; a region is the country of a site (the suffix's last label).
 */
const SITES: Readonly<Record<SiteMarketplace, Readonly<Record<string, string>>>> = {
  shopee: { VND: 'vn', SGD: 'sg', MYR: 'com.my', THB: 'co.th', IDR: 'co.id', PHP: 'ph', TWD: 'tw', BRL: 'com.br' },
  lazada: { VND: 'vn', SGD: 'sg', MYR: 'com.my', THB: 'co.th', IDR: 'co.id', PHP: 'com.ph' },
};

/** Currency of each site, by the public suffix of its domain (the sites above, and `shopee.my`, an alias). */
const CURRENCY_OF_SITE: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.values(SITES).flatMap((sites) => Object.entries(sites).map(([currency, suffix]) => [suffix, currency])),
  ['my', 'MYR'],
]);

/** The country of the sites of each currency (`THB` → `th`): one per currency, whichever marketplace. */
const REGION_OF_CURRENCY: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(SITES).flatMap((sites) =>
    Object.entries(sites).map(([currency, suffix]) => [currency, regionOfSite(suffix)]),
  ),
);

/** The domain suffix of `marketplace`'s site in `currency` (`shopee`, `THB` → `co.th`), or null when it has none. */
export function siteOf(marketplace: string, currency: string): string | null {
  return (SITES as Record<string, Readonly<Record<string, string>> | undefined>)[marketplace]?.[currency] ?? null;
}

/** The currency of a site by its domain suffix (`co.th` → `THB`), or null. */
export function currencyOfSite(suffix: string): string | null {
  return CURRENCY_OF_SITE[suffix] ?? null;
}

/** The country of a site's domain suffix: its last label (`co.th` → `th`, `vn` → `vn`). */
export function regionOfSite(suffix: string): string {
  return suffix.split('.').pop() ?? suffix;
}

/**
 * The country whose sites report in `currency` (a member's Thai account reports in THB: `th`), or null: a report's
 * region inferred from its currency, matched with the region of the member's links.
 */
export function regionOfCurrency(currency: string): string | null {
  return REGION_OF_CURRENCY[currency] ?? null;
}
