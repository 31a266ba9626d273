import { MarketplaceTargetPolicy } from './marketplace-target-policy';

describe('MarketplaceTargetPolicy', () => {
  const policy = new MarketplaceTargetPolicy();

  it('allows the links of a supported marketplace (product and short links)', () => {
    expect(policy.allows('https://shopee.vn/product/1/2')).toBe(true);
    expect(policy.allows('https://s.shopee.vn/AbCdEf123')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(policy.allows('https://evil.example/x')).toBe(false);
    expect(policy.allows('https://shopee.vn.evil.example/product/1/2')).toBe(false);
    expect(policy.allows('not a url')).toBe(false);
  });
});

describe("a short link's target facts, stored with the link when it is made", () => {
  const policy = new MarketplaceTargetPolicy();
  it.each([
    [
      'a Shopee VN affiliate link',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fx-i.111.5001&affiliate_id=17345510000&sub_id=fb',
      { marketplace: 'shopee', shopId: '111', itemId: '5001', region: 'vn', affiliateId: '17345510000' },
    ],
    [
      'a Shopee TH affiliate link',
      `https://s.shopee.co.th/an_redir?origin_link=${encodeURIComponent('https://shopee.co.th/x-i.1.7001')}&affiliate_id=TH1`,
      { marketplace: 'shopee', shopId: '1', itemId: '7001', region: 'th', affiliateId: 'TH1' },
    ],
    [
      'a Lazada master link',
      `https://c.lazada.vn/t/c.MASTER?url=${encodeURIComponent('https://www.lazada.vn/products/noi-chien-i3001-s3101.html')}&sub_id1=lz`,
      { marketplace: 'lazada', itemId: '3001', variantId: '3101', region: 'vn', affiliateId: 'MASTER' },
    ],
    [
      'a Shopee affiliate link whose target names a model (its variant)',
      `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/x-i.111.5001?model_id=90001')}&affiliate_id=1`,
      { marketplace: 'shopee', shopId: '111', itemId: '5001', variantId: '90001', region: 'vn', affiliateId: '1' },
    ],
    [
      'a Tiki link with its seller offer (its variant)',
      'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491',
      { marketplace: 'tiki', shopId: null, itemId: '166033489', variantId: '166033491', region: 'vn' },
    ],
    [
      'a Shopee link without a model',
      'https://shopee.vn/product/1/2',
      { marketplace: 'shopee', shopId: '1', itemId: '2', variantId: null },
    ],
    [
      'a Shopee shop page (no item)',
      'https://shopee.co.id/some_shop',
      { marketplace: 'shopee', itemId: null, region: 'id', affiliateId: null },
    ],
  ])('%s', (_name, target, expected) => {
    expect(policy.facts(target)).toMatchObject(expected);
  });

  it('has none for a page of no marketplace (and allows it not)', () => {
    expect(policy.facts('https://example.com/x-i.1.2')).toBeNull();
    expect(policy.allows('https://example.com/x-i.1.2')).toBe(false);
  });
});
