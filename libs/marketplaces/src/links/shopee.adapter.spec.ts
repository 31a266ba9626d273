import { LinkIdentifier } from './link-identifier';
import { AffiliateParams, ParsedLink } from './marketplace-link';
import { ShopeeAdapter } from './shopee.adapter';

const adapter = new ShopeeAdapter();
const identifier = new LinkIdentifier([adapter]);

const LEGO_SG = 'https://shopee.sg/LEGO%C2%AE-Icons-Vespa-125-10298-Building-Kit-(1-106-Pieces)-i.68475578.16725783155';
const HOODIE_VN = 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260';

function product(region: string, shopId: string, itemId: string, canonicalUrl: string): ParsedLink {
  return { marketplace: 'shopee', kind: 'product', region, canonicalUrl, shopId, itemId };
}
function page(region: string, canonicalUrl: string): ParsedLink {
  return { marketplace: 'shopee', kind: 'page', region, canonicalUrl };
}
function short(region: string, shortUrl: string): ParsedLink {
  return { marketplace: 'shopee', kind: 'short', region, shortUrl };
}
function viaRedirect(link: ParsedLink): ParsedLink {
  return { ...link, fromAffiliateRedirect: true };
}
function notAProduct(region: string): Partial<ParsedLink> {
  return { marketplace: 'shopee', kind: 'not_convertible', region, reasonCode: 'not_a_product' };
}
function invalidLink(region: string): Partial<ParsedLink> {
  return { marketplace: 'shopee', kind: 'not_convertible', region, reasonCode: 'invalid_link' };
}

describe('ShopeeAdapter via LinkIdentifier: product links', () => {
  const cases: Array<[string, string, ParsedLink]> = [
    [
      'official LEGO sample (percent-encoding, parentheses)',
      LEGO_SG,
      product('sg', '68475578', '16725783155', LEGO_SG),
    ],
    ['slug form', HOODIE_VN, product('vn', '564687320', '29261186260', HOODIE_VN)],
    ['slug form with trailing slash', `${HOODIE_VN}/`, product('vn', '564687320', '29261186260', HOODIE_VN)],
    [
      'slug form with every tracking parameter and a fragment',
      `${HOODIE_VN}?sp_atk=8f1c&xptdk=8f1c&uls_trackid=51v36iqm00qv&utm_source=an_17300000000&utm_medium=affiliates` +
        '&utm_campaign=-&utm_content=a-b&utm_term=ciun3317d6xf&mmp_pid=an_17300000000&__mobile__=1&smtt=0.0.9&d_id=1' +
        '&extraParams=%7B%22a%22%3A1%7D&share_channel_code=4&af_click_lookback=7d&aff_trace_key=x&lp=aff&exp_group=1' +
        '&fb_content_id=1&content_type=pdp&channel_type=1#reviews',
      product('vn', '564687320', '29261186260', HOODIE_VN),
    ],
    [
      'voucher signatures kept in order and encoding',
      `${HOODIE_VN}?uls_trackid=1&gads_t_sig=VTJGc2RHVmtYMTlx%2BY&utm_source=x&encrypted_payload=abc%3D%3D&credential_token=tok_1`,
      product(
        'vn',
        '564687320',
        '29261186260',
        `${HOODIE_VN}?gads_t_sig=VTJGc2RHVmtYMTlx%2BY&encrypted_payload=abc%3D%3D&credential_token=tok_1`,
      ),
    ],
    ['www. dropped', 'https://www.shopee.vn/Ao-i.1.2', product('vn', '1', '2', 'https://shopee.vn/Ao-i.1.2')],
    [
      'm. dropped, co.th',
      'https://m.shopee.co.th/Phone-Case-i.123.456',
      product('co.th', '123', '456', 'https://shopee.co.th/Phone-Case-i.123.456'),
    ],
    ['http and upper-case host', 'http://SHOPEE.VN/Ao-i.1.2', product('vn', '1', '2', 'https://shopee.vn/Ao-i.1.2')],
    ['trailing dot on the host', 'https://shopee.vn./Ao-i.1.2', product('vn', '1', '2', 'https://shopee.vn/Ao-i.1.2')],
    [
      'scheme-less raw Vietnamese slug',
      'shopee.vn/Áo-thun-nam-cổ-tròn-i.88201679.1793284627',
      product(
        'vn',
        '88201679',
        '1793284627',
        'https://shopee.vn/%C3%81o-thun-nam-c%E1%BB%95-tr%C3%B2n-i.88201679.1793284627',
      ),
    ],
    [
      'com.my',
      'https://shopee.com.my/Baju-i.123.456',
      product('com.my', '123', '456', 'https://shopee.com.my/Baju-i.123.456'),
    ],
    ['shopee.my', 'https://shopee.my/Baju-i.123.456', product('my', '123', '456', 'https://shopee.my/Baju-i.123.456')],
    [
      'co.id',
      'https://shopee.co.id/Sepatu-i.123.456',
      product('co.id', '123', '456', 'https://shopee.co.id/Sepatu-i.123.456'),
    ],
    ['tw', 'https://shopee.tw/x-i.123.456', product('tw', '123', '456', 'https://shopee.tw/x-i.123.456')],
    [
      'com.br',
      'https://shopee.com.br/Tenis-i.123.456',
      product('com.br', '123', '456', 'https://shopee.com.br/Tenis-i.123.456'),
    ],
    [
      '/product/<shop>/<item>',
      'https://shopee.sg/product/68475578/27971600849',
      product('sg', '68475578', '27971600849', 'https://shopee.sg/product/68475578/27971600849'),
    ],
    [
      '/product/ with trailing slash and tracking',
      'https://shopee.vn/product/68475578/27971600849/?utm_source=x',
      product('vn', '68475578', '27971600849', 'https://shopee.vn/product/68475578/27971600849'),
    ],
    [
      '/opaanlp/ (what s.shopee.vn codes redirect to)',
      'https://shopee.vn/opaanlp/88201679/1793284627?__mobile__=1&uls_trackid=53c0&utm_campaign=id_x&utm_content=----' +
        '&utm_medium=affiliates&utm_source=an_17322940169&mmp_pid=an_17322940169',
      product('vn', '88201679', '1793284627', 'https://shopee.vn/product/88201679/1793284627'),
    ],
    [
      '/universal-link/product/',
      'https://shopee.vn/universal-link/product/88201679/1793284627?utm_source=an_1&deep_and_deferred=1',
      product('vn', '88201679', '1793284627', 'https://shopee.vn/product/88201679/1793284627'),
    ],
    [
      '/universal-link/<slug>',
      'https://shopee.vn/universal-link/Ao-i.1.2?utm_source=x',
      product('vn', '1', '2', 'https://shopee.vn/Ao-i.1.2'),
    ],
    [
      '/<shop-username>/<shop>/<item>',
      'https://shopee.vn/coolmate-official/88201679/1793284627',
      product('vn', '88201679', '1793284627', 'https://shopee.vn/product/88201679/1793284627'),
    ],
    [
      '?shopid=&itemid=',
      'https://shopee.vn/item?shopid=88201679&itemid=1793284627&utm_source=x',
      product('vn', '88201679', '1793284627', 'https://shopee.vn/product/88201679/1793284627'),
    ],
    [
      '?shopId=&itemId= (any case)',
      'https://shopee.vn/?shopId=123&itemId=456',
      product('vn', '123', '456', 'https://shopee.vn/product/123/456'),
    ],
    [
      '?shop_id=&item_id=',
      'https://shopee.ph/product?shop_id=123&item_id=456',
      product('ph', '123', '456', 'https://shopee.ph/product/123/456'),
    ],
    [
      'app scheme shopee://product/<s>/<i>',
      'shopee://product/68475578/27971600849',
      product('vn', '68475578', '27971600849', 'https://shopee.vn/product/68475578/27971600849'),
    ],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    expect(identifier.identify(raw)).toEqual(expected);
  });
});

describe('ShopeeAdapter via LinkIdentifier: foreign an_redir links', () => {
  const cases: Array<[string, string, ParsedLink]> = [
    [
      'Product-Feed short link on shope.ee',
      'https://shope.ee/an_redir?origin_link=https%3A%2F%2Fshopee.sg%2Fproduct%2F68475578%2F27971600849',
      viaRedirect(product('sg', '68475578', '27971600849', 'https://shopee.sg/product/68475578/27971600849')),
    ],
    [
      'foreign affiliate_id and sub_id dropped, voucher kept',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-Hoodie-i.564687320.29261186260%3Fuls_trackid%3Dx%26gads_t_sig%3Dabc' +
        '&affiliate_id=17300000000&sub_id=aaa-bbb',
      viaRedirect(product('vn', '564687320', '29261186260', `${HOODIE_VN}?gads_t_sig=abc`)),
    ],
    [
      'official sample with "?&affiliate_id"',
      `https://s.shopee.sg/an_redir?origin_link=${encodeURIComponent(LEGO_SG)}?&affiliate_id=14354840000&sub_id=12345-aaaa-bbbb-cccc-dddd`,
      viaRedirect(product('sg', '68475578', '16725783155', LEGO_SG)),
    ],
    [
      'origin is a campaign page',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fm%2Fma-giam-gia&affiliate_id=1',
      viaRedirect(page('vn', 'https://shopee.vn/m/ma-giam-gia')),
    ],
    [
      'origin region wins over the redirect host',
      'https://s.shopee.co.th/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2',
      viaRedirect(product('vn', '1', '2', 'https://shopee.vn/product/1/2')),
    ],
    [
      'double-encoded origin_link',
      'https://s.shopee.vn/an_redir?origin_link=https%253A%252F%252Fshopee.vn%252FAo-i.1.2&affiliate_id=1',
      viaRedirect(product('vn', '1', '2', 'https://shopee.vn/Ao-i.1.2')),
    ],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    expect(identifier.identify(raw)).toEqual(expected);
  });

  const invalid: Array<[string, string]> = [
    ['missing origin_link', 'https://s.shopee.vn/an_redir?affiliate_id=1&sub_id=a'],
    ['empty origin_link', 'https://s.shopee.vn/an_redir?origin_link=&affiliate_id=1'],
    ['garbage origin_link', 'https://s.shopee.vn/an_redir?origin_link=not%20a%20url'],
    ['non-Shopee origin_link', 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fevil.com%2FAo-i.1.2'],
    ['look-alike origin host', 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn.evil.com%2FAo-i.1.2'],
    ['origin with userinfo', 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fuser%40shopee.vn%2FAo-i.1.2'],
    ['origin is a javascript: URL', 'https://s.shopee.vn/an_redir?origin_link=javascript%3Aalert(1)'],
    ['origin is a short link', 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fs.shopee.vn%2FabC12'],
    [
      'nested an_redir',
      `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shope.ee/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-i.1.2')}`,
    ],
  ];

  it.each(invalid)('%s → invalid_link', (_name, raw) => {
    expect(identifier.identify(raw)).toMatchObject(invalidLink('vn'));
  });

  it('keeps the reason of a non-product origin', () => {
    const raw = 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fcart&affiliate_id=1';
    expect(identifier.identify(raw)).toMatchObject({ ...notAProduct('vn'), fromAffiliateRedirect: true });
  });
});

describe('ShopeeAdapter via LinkIdentifier: short links', () => {
  const cases: Array<[string, ParsedLink]> = [
    ['https://vn.shp.ee/r1MhnNPY', short('vn', 'https://vn.shp.ee/r1MhnNPY')],
    ['https://shp.ee/abc123', short('vn', 'https://shp.ee/abc123')],
    ['https://sg.shp.ee/xyz', short('sg', 'https://sg.shp.ee/xyz')],
    ['https://my.shp.ee/xyz', short('com.my', 'https://my.shp.ee/xyz')],
    ['https://s.shopee.vn/8pZnE3uF0k', short('vn', 'https://s.shopee.vn/8pZnE3uF0k')],
    ['s.shopee.vn/8pZnE3uF0k', short('vn', 'https://s.shopee.vn/8pZnE3uF0k')],
    ['http://S.SHOPEE.VN./8pZnE3uF0k#x', short('vn', 'https://s.shopee.vn/8pZnE3uF0k')],
    ['https://s.shopee.co.th/AbC_-1', short('co.th', 'https://s.shopee.co.th/AbC_-1')],
    ['https://shope.ee/6fLZS9Tf8B', short('vn', 'https://shope.ee/6fLZS9Tf8B')],
    [
      'https://s.shopee.vn/8pZnE3uF0k?share_channel_code=1',
      short('vn', 'https://s.shopee.vn/8pZnE3uF0k?share_channel_code=1'),
    ],
  ];

  it.each(cases)('%s', (raw, expected) => {
    expect(identifier.identify(raw)).toEqual(expected);
  });

  it.each(['https://s.shopee.vn/', 'https://vn.shp.ee', 'https://shope.ee/a/b', 'https://s.shopee.vn/%F0%9F%98%80'])(
    '%s → invalid_link',
    (raw) => {
      expect(identifier.identify(raw)).toMatchObject(invalidLink('vn'));
    },
  );
});

describe('ShopeeAdapter via LinkIdentifier: convertible pages', () => {
  const cases: Array<[string, string, ParsedLink]> = [
    ['home page', 'https://shopee.vn/', page('vn', 'https://shopee.vn/')],
    [
      'home page without slash, tracking dropped',
      'https://www.shopee.vn?utm_source=x',
      page('vn', 'https://shopee.vn/'),
    ],
    [
      'shop username',
      'https://shopee.vn/coolmate.vn?utm_source=x&page=2',
      page('vn', 'https://shopee.vn/coolmate.vn?page=2'),
    ],
    [
      'keyword page',
      'https://shopee.vn/flash_sale?promotionId=123&smtt=1',
      page('vn', 'https://shopee.vn/flash_sale?promotionId=123'),
    ],
    [
      'page without an id pattern (tothanhdat "link Shopee khong co pattern id van hop le")',
      'https://shopee.vn/some-shop-page?utm_source=x&smtt=1',
      page('vn', 'https://shopee.vn/some-shop-page'),
    ],
    [
      'dashed encoded slug without ids',
      'https://shopee.vn/%C3%81o-thun-nam?sortBy=pop&sp_atk=1',
      page('vn', 'https://shopee.vn/%C3%81o-thun-nam?sortBy=pop'),
    ],
    ['/shop/<id>', 'https://shopee.vn/shop/88201679', page('vn', 'https://shopee.vn/shop/88201679')],
    [
      '/Shop/<id>/ (case, trailing slash)',
      'https://shopee.vn/Shop/88201679/',
      page('vn', 'https://shopee.vn/shop/88201679'),
    ],
    [
      '/universal-link/shop/<id>',
      'https://shopee.vn/universal-link/shop/88201679?utm_source=x',
      page('vn', 'https://shopee.vn/shop/88201679'),
    ],
    [
      'campaign /m/<name>',
      'https://shopee.vn/m/ma-giam-gia?smtt=0.0.1&lp=aff',
      page('vn', 'https://shopee.vn/m/ma-giam-gia'),
    ],
    [
      'category',
      'https://shopee.sg/Mobile-Gadgets-cat.11036030',
      page('sg', 'https://shopee.sg/Mobile-Gadgets-cat.11036030'),
    ],
    [
      'sub-category keeps its own query',
      'https://shopee.vn/Thoi-Trang-Nam-cat.11035567.11035568?page=1&sortBy=pop&mmp_pid=x',
      page('vn', 'https://shopee.vn/Thoi-Trang-Nam-cat.11035567.11035568?page=1&sortBy=pop'),
    ],
    [
      'search keeps keyword, drops tracking and click ids',
      'https://shopee.vn/search?keyword=%C3%A1o%20thun&utm_source=an_1&lp=aff&fbclid=IwAR0&af_siteid=1',
      page('vn', 'https://shopee.vn/search?keyword=%C3%A1o%20thun'),
    ],
    [
      'lp other than aff is kept',
      'https://shopee.vn/search?keyword=x&lp=1',
      page('vn', 'https://shopee.vn/search?keyword=x&lp=1'),
    ],
    [
      'voucher signature kept on pages too',
      'https://shopee.vn/m/sale?credential_token=abc&uls_trackid=1',
      page('vn', 'https://shopee.vn/m/sale?credential_token=abc'),
    ],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    expect(identifier.identify(raw)).toEqual(expected);
  });
});

describe('ShopeeAdapter via LinkIdentifier: not convertible', () => {
  const cases: Array<[string, string]> = [
    ['share video', 'https://sv.shopee.vn/share-video/abc?smtt=1'],
    ['live host', 'https://live.shopee.vn/universal-link/live?id=1'],
    ['universal-link to live', 'https://shopee.vn/universal-link/live/123'],
    ['universal-link to an unknown target', 'https://shopee.vn/universal-link/now-food/x'],
    ['ShopeeFood', 'https://spf.shopee.vn/abc'],
    ['affiliate portal page', 'https://affiliate.shopee.vn/dashboard'],
    ['user page', 'https://shopee.vn/user/purchase'],
    ['cart', 'https://shopee.vn/cart'],
    ['checkout', 'https://shopee.vn/checkout?x=1'],
    ['buyer login', 'https://shopee.vn/buyer/login'],
    ['product path without item id', 'https://shopee.vn/product/123'],
    ['slug whose ids were cut', 'https://shopee.vn/Ao-thun-nam-i.1'],
    ['slug whose item id was cut', 'https://shopee.vn/Ao-thun-nam-i.1.'],
    ['zero shop id', 'https://shopee.vn/Ao-i.0.2'],
    ['deep unknown path', 'https://shopee.vn/a/b/c/d'],
    ['an_redir on the main host', 'https://shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2'],
    ['cart with product ids in the query', 'https://shopee.vn/cart?shopid=1&itemid=2'],
  ];

  it.each(cases)('%s → not_a_product', (_name, raw) => {
    const parsed = identifier.identify(raw);
    expect(parsed).toMatchObject(notAProduct('vn'));
    expect(parsed?.reason).toEqual(expect.any(String));
    expect(parsed?.canonicalUrl).toBeUndefined();
  });
});

describe('ShopeeAdapter via LinkIdentifier: affiliate portal product offer', () => {
  it('is an invalid link whose message says the shop id is missing', () => {
    const parsed = identifier.identify('https://affiliate.shopee.vn/offer/product_offer/27971600849?x=1');
    expect(parsed).toMatchObject({ marketplace: 'shopee', kind: 'not_convertible', reasonCode: 'invalid_link' });
    expect(parsed?.reason).toContain('shop id');
  });
});

describe('ShopeeAdapter.ownsHost', () => {
  it.each([
    'shopee.vn',
    'www.shopee.vn',
    'm.shopee.vn',
    'shopee.sg',
    'shopee.com.my',
    'shopee.my',
    'shopee.co.th',
    'shopee.co.id',
    'shopee.ph',
    'shopee.tw',
    'shopee.com.br',
    's.shopee.vn',
    's.shopee.com.my',
    'shp.ee',
    'vn.shp.ee',
    'shope.ee',
    'sv.shopee.vn',
    'live.shopee.vn',
    'affiliate.shopee.vn',
    'spf.shopee.vn',
  ])('owns %s', (host) => {
    expect(adapter.ownsHost(host)).toBe(true);
  });

  it.each([
    'shopee.vn.evil.com',
    'evil-shopee.vn',
    'notshopee.vn',
    'shopee.evil.vn',
    'shp.ee.evil.com',
    'shope.ee.evil.com',
    'x.shope.ee',
    'shopee.com',
    'shopee.xyz',
    // Regions Shopee left in 2022.
    'shopee.cl',
    's.shopee.cl',
    'shopee.com.co',
    's.shopee.com.co',
    'shopee.com.mx',
    's.shopee.com.mx',
    'shopee.com.ar',
    'help.shopee.vn',
    'x.s.shopee.vn',
    'shopeefood.vn',
    'localhost',
    '127.0.0.1',
    '',
  ])('does not own %s', (host) => {
    expect(adapter.ownsHost(host)).toBe(false);
  });
});

describe('ShopeeAdapter.buildAffiliateLink', () => {
  const params = { affiliateId: '14354840000', subIds: ['12345', 'aaaa', 'bbbb', 'cccc', 'dddd'] };

  function affiliateUrl(link: ParsedLink, affiliateParams: AffiliateParams): string {
    const result = adapter.buildAffiliateLink(link, affiliateParams);
    if (!result.ok) throw new Error(`no affiliate link: ${result.reason}`);
    return result.url;
  }

  it('builds the official an_redir link (help.shopee.sg sample)', () => {
    const link = identifier.identify(LEGO_SG)!;
    expect(affiliateUrl(link, params)).toBe(
      'https://s.shopee.sg/an_redir?origin_link=' +
        'https%3A%2F%2Fshopee.sg%2FLEGO%25C2%25AE-Icons-Vespa-125-10298-Building-Kit-(1-106-Pieces)-i.68475578.16725783155' +
        '&affiliate_id=14354840000&sub_id=12345-aaaa-bbbb-cccc-dddd',
    );
  });

  it('omits sub_id when there are no sub ids', () => {
    const link = identifier.identify(`${HOODIE_VN}?utm_source=x`)!;
    expect(affiliateUrl(link, { affiliateId: '17300000000', subIds: [] })).toBe(
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2FAo-Hoodie-i.564687320.29261186260&affiliate_id=17300000000',
    );
  });

  it('re-affiliates a foreign an_redir link with our ids only', () => {
    const link = identifier.identify(
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=999&sub_id=foreign',
    )!;
    expect(affiliateUrl(link, { affiliateId: '17300000000', subIds: ['tiktok', 'a1'] })).toBe(
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=17300000000&sub_id=tiktok-a1',
    );
  });

  it('keeps voucher parameters inside origin_link', () => {
    const link = identifier.identify(`${HOODIE_VN}?gads_t_sig=a%2Bb&utm_source=x`)!;
    expect(affiliateUrl(link, { affiliateId: '1', subIds: [] })).toBe(
      `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(`${HOODIE_VN}?gads_t_sig=a%2Bb`)}&affiliate_id=1`,
    );
  });

  it.each([
    ['my', 'https://shopee.my/Baju-i.1.2', 'https://s.shopee.com.my/an_redir?'],
    ['com.my', 'https://shopee.com.my/Baju-i.1.2', 'https://s.shopee.com.my/an_redir?'],
    ['co.th', 'https://shopee.co.th/x-i.1.2', 'https://s.shopee.co.th/an_redir?'],
  ])('uses the regional redirect host for %s', (_region, raw, prefix) => {
    expect(affiliateUrl(identifier.identify(raw)!, params).startsWith(prefix)).toBe(true);
  });

  it('builds links for pages', () => {
    expect(
      affiliateUrl(identifier.identify('https://shopee.vn/m/ma-giam-gia')!, {
        affiliateId: '1',
        subIds: ['s1'],
      }),
    ).toBe(
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fm%2Fma-giam-gia&affiliate_id=1&sub_id=s1',
    );
  });

  it('encodes the affiliate id', () => {
    const link = identifier.identify(HOODIE_VN)!;
    expect(affiliateUrl(link, { affiliateId: 'a&b=c', subIds: [] })).toContain('&affiliate_id=a%26b%3Dc');
  });

  it.each([
    'https://vn.shp.ee/r1MhnNPY',
    'https://sv.shopee.vn/share-video/abc',
    'https://s.shopee.vn/an_redir?affiliate_id=1',
  ])('throws for %s (not a product or page)', (raw) => {
    const link = identifier.identify(raw)!;
    expect(() => adapter.buildAffiliateLink(link, params)).toThrow(Error);
  });

  it('throws without an affiliate id', () => {
    expect(() => adapter.buildAffiliateLink(identifier.identify(HOODIE_VN)!, { affiliateId: '', subIds: [] })).toThrow(
      Error,
    );
  });
});
