import { currencyOfSite, regionOfCurrency, regionOfSite, siteOf } from './sites';

describe("the marketplaces' sites, currencies and regions: one table", () => {
  it('gives the site of a marketplace in a currency, and the currency of a site', () => {
    expect(siteOf('shopee', 'THB')).toBe('co.th');
    expect(siteOf('lazada', 'PHP')).toBe('com.ph');
    expect(siteOf('shopee', 'PHP')).toBe('ph');
    expect(siteOf('lazada', 'BRL')).toBeNull();
    expect(siteOf('tiki', 'VND')).toBeNull();
    expect(currencyOfSite('co.id')).toBe('IDR');
    expect(currencyOfSite('my')).toBe('MYR');
    expect(currencyOfSite('fr')).toBeNull();
  });

  it("gives the region of a currency as the country of its sites (both marketplaces' agree)", () => {
    expect(
      Object.fromEntries(['VND', 'THB', 'IDR', 'PHP', 'MYR', 'SGD', 'BRL', 'TWD'].map((c) => [c, regionOfCurrency(c)])),
    ).toEqual({ VND: 'vn', THB: 'th', IDR: 'id', PHP: 'ph', MYR: 'my', SGD: 'sg', BRL: 'br', TWD: 'tw' });
    expect(regionOfCurrency('EUR')).toBeNull();
    for (const marketplace of ['shopee', 'lazada']) {
      for (const currency of ['VND', 'THB', 'IDR', 'PHP', 'MYR', 'SGD']) {
        expect(regionOfSite(siteOf(marketplace, currency)!)).toBe(regionOfCurrency(currency));
      }
    }
  });
});
