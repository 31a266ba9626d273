import { itKnowsHosts, itReadsLinks, pageAt, refused, shortAt } from '../testing/link-cases';
import { LazadaAdapter } from './lazada.adapter';
import { LinkIdentifier } from './link-identifier';

const adapter = new LazadaAdapter();
const identifier = new LinkIdentifier([adapter]);

describe('LazadaAdapter', () => {
  itKnowsHosts(adapter, {
    owned: [
      'lazada.vn',
      'www.lazada.vn',
      'm.lazada.vn',
      'pages.lazada.vn',
      's.lazada.vn',
      'c.lazada.vn',
      'www.lazada.co.th',
      'www.lazada.com.my',
      'www.lazada.co.id',
      'www.lazada.com.ph',
      'www.lazada.sg',
      'lzd.co',
    ],
    foreign: [
      'lazada.vn.evil.com',
      'evil-lazada.vn',
      'lazada.com',
      'lazada.xyz',
      'member.lazada.vn',
      'sellercenter.lazada.vn',
      'x.s.lazada.vn',
      'www.lzd.co',
      'lzd.co.evil.com',
      '127.0.0.1',
    ],
    shortLinkHosts: [
      ['s.lazada.vn', true],
      ['c.lazada.vn', true],
      ['s.lazada.co.th', true],
      ['lzd.co', true],
      ['www.lazada.vn', false],
      ['pages.lazada.vn', false],
    ],
  });

  itReadsLinks(identifier, 'lazada', [
    [
      'product with slug and sku',
      'https://www.lazada.vn/products/x-i1-s2.html',
      { kind: 'product', itemId: '1', skuId: '2' },
    ],
    ['product without sku', 'https://www.lazada.vn/products/x-i1.html', { kind: 'product', itemId: '1' }],
    ['upper-case .HTML', 'https://WWW.LAZADA.VN/products/x-i1-s2.HTML', { kind: 'product', itemId: '1' }],
    ['regional product', 'https://www.lazada.com.my/products/x-i1-s2.html', { kind: 'product', region: 'com.my' }],
    [
      'product at the site root',
      'https://www.lazada.vn/i123.html?spm=x',
      { kind: 'product', itemId: '123', canonicalUrl: 'https://www.lazada.vn/products/i123.html' },
    ],
    [
      'product with sku at the site root',
      'https://www.lazada.vn/i123-s456.html',
      { kind: 'product', itemId: '123', skuId: '456', canonicalUrl: 'https://www.lazada.vn/products/i123-s456.html' },
    ],
    [
      'page with a file extension at the site root (no / appended)',
      'https://www.lazada.vn/flash-sale.html?spm=x',
      pageAt('https://www.lazada.vn/flash-sale.html'),
    ],
    ['home page', 'https://www.lazada.vn/?spm=x', pageAt('https://www.lazada.vn/')],
    [
      'category page',
      'https://www.lazada.vn/dien-thoai-di-dong/?page=2&spm=x',
      pageAt('https://www.lazada.vn/dien-thoai-di-dong/?page=2'),
    ],
    ['share link', 'https://s.lazada.vn/s.UAJFo?cc', shortAt('https://s.lazada.vn/s.UAJFo?cc')],
    ['lzd.co link', 'http://LZD.CO/cutepets', shortAt('https://lzd.co/cutepets')],
    ['share link without s. prefix', 'https://s.lazada.vn/abc', refused('invalid_link')],
    ['products path without ids', 'https://www.lazada.vn/products/abc.html', refused('not_a_product')],
    ['cart', 'https://www.lazada.vn/cart', refused('not_a_product')],
    ['master link with a bad path', 'https://c.lazada.vn/x/c.abc', refused('invalid_link')],
    [
      'master link whose url is another master link',
      `https://c.lazada.vn/t/c.abc?url=${encodeURIComponent('https://c.lazada.vn/t/c.def?url=https%3A%2F%2Fwww.lazada.vn%2F')}`,
      refused('invalid_link'),
    ],
    [
      'master link whose url is a look-alike host',
      `https://c.lazada.vn/t/c.abc?url=${encodeURIComponent('https://www.lazada.vn.evil.com/products/x-i1.html')}`,
      refused('invalid_link'),
    ],
  ]);

  it('builds master links only for lazada.vn, with sub ids as sub_id1..5', () => {
    const link = identifier.identify('https://www.lazada.vn/products/x-i1-s2.html?spm=a')!;
    const params = {
      affiliateId: 'ignored',
      subIds: ['a', 'b', 'c', 'd', 'e'],
      marketplaceSettings: { lazadaMasterCode: 'c.YParqP' },
    };
    expect(adapter.buildAffiliateLink(link, params)).toEqual({
      ok: true,
      url:
        'https://c.lazada.vn/t/c.YParqP?url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fx-i1-s2.html' +
        '&sub_id1=a&sub_id2=b&sub_id3=c&sub_id4=d&sub_id5=e',
    });
    const abroad = identifier.identify('https://www.lazada.sg/products/x-i1-s2.html')!;
    expect(adapter.buildAffiliateLink(abroad, params)).toMatchObject({
      ok: false,
      code: 'unsupported_for_marketplace',
    });
  });

  it.each([undefined, '', 'c.', 'has space', 'https://c.lazada.vn/x/c.abc', 'https://c.lazada.vn.evil.com/t/c.abc'])(
    'is not configured with master code %j',
    (lazadaMasterCode) => {
      const link = identifier.identify('https://www.lazada.vn/products/x-i1-s2.html')!;
      expect(
        adapter.buildAffiliateLink(link, { affiliateId: 'x', subIds: [], marketplaceSettings: { lazadaMasterCode } }),
      ).toMatchObject({ ok: false, code: 'marketplace_not_configured' });
    },
  );

  it('throws for a short link (a caller bug)', () => {
    const link = identifier.identify('https://lzd.co/abc')!;
    expect(() => adapter.buildAffiliateLink(link, { affiliateId: 'x', subIds: [] })).toThrow(Error);
  });
});
