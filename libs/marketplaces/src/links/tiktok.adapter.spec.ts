import { itKnowsHosts, itReadsLinks, pageAt, refused, shortAt } from '../testing/link-cases';
import { LinkIdentifier } from './link-identifier';
import { TikTokAdapter } from './tiktok.adapter';

const adapter = new TikTokAdapter();
const identifier = new LinkIdentifier([adapter]);

describe('TikTokAdapter', () => {
  itKnowsHosts(adapter, {
    owned: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'shop.tiktok.com', 'vt.tiktok.com', 'vm.tiktok.com'],
    foreign: ['tiktok.com.evil.com', 'eviltiktok.com', 'seller-vn.tiktok.com', 'affiliate.tiktok.com', 'tiktokcdn.com'],
  });

  itReadsLinks(identifier, 'tiktok', [
    [
      'vt share link',
      'https://vt.tiktok.com/ZS9AJ7tbWDtcs-yOIvD/',
      shortAt('https://vt.tiktok.com/ZS9AJ7tbWDtcs-yOIvD/'),
    ],
    ['vm share link', 'https://vm.tiktok.com/ZMabc/', { kind: 'short' }],
    ['/t/ share link', 'https://www.tiktok.com/t/ZSVaYMpBn/', { kind: 'short' }],
    ['vt link without code', 'https://vt.tiktok.com/', refused('invalid_link')],
    [
      'product id in view/product',
      'https://m.tiktok.com/view/product/1729?region=vn',
      {
        kind: 'product',
        itemId: '1729',
        region: 'vn',
        canonicalUrl: 'https://www.tiktok.com/view/product/1729?region=VN',
      },
    ],
    [
      'bad region dropped',
      'https://www.tiktok.com/view/product/1729?region=VNM',
      { kind: 'product', canonicalUrl: 'https://www.tiktok.com/view/product/1729' },
    ],
    ['pdp in another market', 'https://shop.tiktok.com/th/pdp/x/1729', { kind: 'product', region: 'th' }],
    ['pdp without id', 'https://shop.tiktok.com/vn/pdp/abc', refused('not_a_product')],
    [
      'store page',
      'https://shop.tiktok.com/vn/store/abc/123?source=x',
      pageAt('https://shop.tiktok.com/vn/store/abc/123'),
    ],
    ['photo post', 'https://www.tiktok.com/@a/photo/123', refused('not_a_product')],
    ['live', 'https://www.tiktok.com/@a/live', refused('not_a_product')],
  ]);

  it.each([
    'https://www.tiktok.com/',
    'https://www.tiktok.com/@vtv24news',
    'https://www.tiktok.com/discover/x',
    'https://www.tiktok.com/tag/sale',
  ])('leaves %s alone (not a marketplace link)', (raw) => expect(identifier.identify(raw)).toBeNull());

  describe('TikTok Shop Indonesia (shop-id.tokopedia.com, since the Tokopedia merger)', () => {
    it('reads /view/product/<id> as an Indonesian product, the query dropped', () => {
      expect(
        identifier.identify(
          'https://shop-id.tokopedia.com/view/product/1729587769570445237?region=ID&locale=id-ID&source=product_detail',
        ),
      ).toEqual({
        marketplace: 'tiktok',
        kind: 'product',
        region: 'id',
        canonicalUrl: 'https://shop-id.tokopedia.com/view/product/1729587769570445237',
        itemId: '1729587769570445237',
      });
      expect(identifier.identify('SHOP-ID.TOKOPEDIA.COM./view/product/17')).toMatchObject({
        canonicalUrl: 'https://shop-id.tokopedia.com/view/product/17',
      });
    });

    it.each([
      'https://shop-id.tokopedia.com/',
      'https://shop-id.tokopedia.com/view/product/abc',
      'https://shop-id.tokopedia.com/view/product/0123',
      'https://www.tokopedia.com/tokoabc/kaos-polos-1',
      'https://tokopedia.com/view/product/1',
      'https://shop-vn.tokopedia.com/view/product/1',
      'https://shop-id.tokopedia.com.evil.com/view/product/1',
    ])('leaves %s alone', (raw) => expect(identifier.identify(raw)).toBeNull());

    it('is no short-link host (never fetched)', () => {
      expect(adapter.isShortLinkHost('shop-id.tokopedia.com')).toBe(false);
    });
  });

  it('never builds an affiliate link (AccessTrade API only)', () => {
    const link = identifier.identify('https://shop.tiktok.com/vn/pdp/1731975048230963363')!;
    expect(adapter.buildAffiliateLink(link, { affiliateId: 'x', subIds: [] })).toMatchObject({
      ok: false,
      code: 'unsupported_for_marketplace',
    });
  });
});
