import { itemOfTarget } from './link-item';

describe("a short link's target, read by the conversion lib's adapters", () => {
  it.each([
    [
      'a Shopee VN affiliate link',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fx-i.111.5001&affiliate_id=17345510000&sub_id=fb',
      { marketplace: 'shopee', shopId: '111', itemId: '5001', region: 'vn', account: '17345510000' },
    ],
    [
      'a Shopee TH affiliate link',
      `https://s.shopee.co.th/an_redir?origin_link=${encodeURIComponent('https://shopee.co.th/x-i.1.7001')}&affiliate_id=TH1`,
      { marketplace: 'shopee', shopId: '1', itemId: '7001', region: 'th', account: 'TH1' },
    ],
    [
      'a Lazada master link',
      `https://c.lazada.vn/t/c.MASTER?url=${encodeURIComponent('https://www.lazada.vn/products/noi-chien-i3001-s3101.html')}&sub_id1=lz`,
      { marketplace: 'lazada', itemId: '3001', skuId: '3101', region: 'vn', account: 'MASTER' },
    ],
    [
      'a Shopee shop page (no item)',
      'https://shopee.co.id/some_shop',
      { marketplace: 'shopee', itemId: null, region: 'id', account: null },
    ],
    ['a page of no marketplace', 'https://example.com/x-i.1.2', { marketplace: 'other', itemId: null, region: null }],
  ])('%s', (_name, target, expected) => {
    expect(itemOfTarget(target)).toMatchObject(expected);
  });
});
