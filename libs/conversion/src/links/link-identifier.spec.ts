import { extractLinks } from './link-extractor';
import type { ParsedLink } from '@app/marketplaces';
import { LinkIdentifier, MarketplaceAdapter, ShopeeAdapter } from '@app/marketplaces/testing';

const shopee = new ShopeeAdapter();
const identifier = new LinkIdentifier([shopee]);

describe('LinkIdentifier', () => {
  it.each([
    ['https link', 'https://shopee.vn/Ao-i.1.2'],
    ['scheme-less link', 'shopee.vn/Ao-i.1.2'],
    ['www. link', 'www.shopee.vn/Ao-i.1.2'],
    ['surrounding white space', '  https://shopee.vn/Ao-i.1.2\n'],
    ['explicit default port', 'https://shopee.vn:443/Ao-i.1.2'],
  ])('identifies a %s', (_name, raw) => {
    expect(identifier.identify(raw)).toMatchObject({ kind: 'product', shopId: '1', itemId: '2' });
  });

  it.each([
    ['look-alike host: Shopee name as a sub-domain', 'https://shopee.vn.evil.com/Ao-i.1.2'],
    ['look-alike host: dash prefix', 'https://evil-shopee.vn/Ao-i.1.2'],
    ['look-alike host: letter prefix', 'https://notshopee.vn/Ao-i.1.2'],
    ['look-alike host: scheme-less', 'shopee.vn.evil.com/Ao-i.1.2'],
    ['userinfo that looks like the host', 'https://shopee.vn@evil.com/Ao-i.1.2'],
    ['scheme-less userinfo', 'shopee.vn@evil.com'],
    ['Shopee host in the fragment', 'https://evil.com#@shopee.vn'],
    ['Shopee host after a backslash', 'https://evil.com\\@shopee.vn/Ao-i.1.2'],
    ['Shopee URL in the query', 'https://evil.com/?u=https://shopee.vn/Ao-i.1.2'],
    ['userinfo on a real Shopee host', 'https://user:pass@shopee.vn/Ao-i.1.2'],
    ['suffix Shopee does not operate', 'https://shopee.xyz/Ao-i.1.2'],
    ['unrelated Shopee sub-domain', 'https://help.shopee.vn/portal/article/1'],
    ['ftp scheme', 'ftp://shopee.vn/Ao-i.1.2'],
    ['javascript scheme', 'javascript:alert(1)//shopee.vn'],
    ['data URL', 'data:text/html,shopee.vn'],
    ['IP address', 'http://127.0.0.1/Ao-i.1.2'],
    ['IPv6 address', 'http://[::1]/Ao-i.1.2'],
    ['marketplace whose adapter is not registered here', 'https://www.lazada.vn/products/x-i1-s2.html'],
    ['other site', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['empty string', ''],
    ['white space', '   '],
    ['not a URL', 'http://'],
  ])('returns null for %s', (_name, raw) => {
    expect(identifier.identify(raw)).toBeNull();
  });

  it.each(['&amp;', '&AMP;', '&#38;', '&#038;', '&#x26;', '&#X26;'])(
    'reads the HTML-escaped ampersand %s as &, for short links to fetch too',
    (entity) => {
      expect(identifier.identify(`https://shopee.vn/search?keyword=ao${entity}page=2`)).toMatchObject({
        canonicalUrl: 'https://shopee.vn/search?keyword=ao&page=2',
      });
      expect(
        identifier.identify(
          `https://s.shopee.vn/an_redir?affiliate_id=1${entity}origin_link=https%3A%2F%2Fshopee.vn%2FAo-i.1.2`,
        ),
      ).toMatchObject({
        kind: 'product',
        fromAffiliateRedirect: true,
      });
      expect(identifier.identify(`https://s.shopee.vn/Abc?a=1${entity}b=2`)).toMatchObject({
        kind: 'short',
        shortUrl: 'https://s.shopee.vn/Abc?a=1&b=2',
      });
    },
  );

  it('never throws, whatever the input', () => {
    const inputs = [
      '%',
      'https://%',
      'https://shopee.vn/%E0%A4%A',
      'https://s.shopee.vn/an_redir?origin_link=%E0%A4%A',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2F%5B%3A%3A1',
      'shopee://',
      'shopee:///',
      'shopee://product',
      'https://shopee.vn/' + '%'.repeat(1000),
      'https://' + 'a.'.repeat(200) + 'shopee.vn',
      '\u0000\uffff\ud800',
      'https://shopee.vn/\ud800',
      'https://xn--/',
      String.fromCharCode(...Array.from({ length: 200 }, (_, i) => i)),
    ];
    for (const raw of inputs) expect(() => identifier.identify(raw)).not.toThrow();
    expect(() => identifier.identify(undefined as unknown as string)).not.toThrow();
  });

  it('reports an adapter failure as an invalid link instead of throwing', () => {
    const broken: MarketplaceAdapter = {
      id: 'shopee',
      label: 'Shopee',
      recognition: () => ({ marketplace: 'shopee', label: 'Shopee', hosts: [], roles: {}, paths: [] }),
      ownsHost: () => true,
      isShortLinkHost: () => false,
      parse: () => {
        throw new Error('boom');
      },
      buildAffiliateLink: () => ({ ok: true, url: '' }),
    };
    expect(new LinkIdentifier([broken]).identify('https://shopee.vn/x')).toMatchObject({
      marketplace: 'shopee',
      kind: 'not_convertible',
      reasonCode: 'invalid_link',
    });
  });

  it('returns null when no adapter is registered', () => {
    expect(new LinkIdentifier([]).identify('https://shopee.vn/Ao-i.1.2')).toBeNull();
  });
});

describe('extractLinks + LinkIdentifier + buildAffiliateLink on real posts', () => {
  const params = { affiliateId: '17300000000', subIds: ['fb', 'post1'] };

  function convert(text: string): Array<{ url: string; parsed: ParsedLink | null; affiliate: string | null }> {
    return extractLinks(text).map(({ url }) => {
      const parsed = identifier.identify(url);
      const convertible = parsed && (parsed.kind === 'product' || parsed.kind === 'page');
      const built = convertible ? shopee.buildAffiliateLink(parsed, params) : null;
      return { url, parsed, affiliate: built?.ok ? built.url : null };
    });
  }

  function affiliateFor(canonicalUrl: string): string {
    return `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent(canonicalUrl)}&affiliate_id=17300000000&sub_id=fb-post1`;
  }

  it('converts a Facebook-style post with several kinds of links', () => {
    const post = [
      '🔥 FLASH SALE 0H 🔥',
      '👉 Áo hoodie: https://shopee.vn/Ao-Hoodie-i.564687320.29261186260?sp_atk=8f1c&uls_trackid=x!',
      '👉 Tai nghe:https://vn.shp.ee/r1MhnNPY',
      '👉 Link bạn mình gửi (https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=999)',
      '👉 Video review: https://sv.shopee.vn/share-video/abc…',
      '👉 Voucher:shopee.vn/m/ma-giam-gia, hết hạn 12.12',
      'Mua trên Lazada: https://www.lazada.vn/products/x-i1-s2.html',
    ].join('\n');
    const converted = convert(post);
    expect(converted.map(({ url, parsed, affiliate }) => [url, parsed?.kind ?? null, affiliate])).toEqual([
      [
        'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260?sp_atk=8f1c&uls_trackid=x',
        'product',
        affiliateFor('https://shopee.vn/Ao-Hoodie-i.564687320.29261186260'),
      ],
      ['https://vn.shp.ee/r1MhnNPY', 'short', null],
      [
        'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=999',
        'product',
        affiliateFor('https://shopee.vn/product/1/2'),
      ],
      ['https://sv.shopee.vn/share-video/abc', 'not_convertible', null],
      ['shopee.vn/m/ma-giam-gia', 'page', affiliateFor('https://shopee.vn/m/ma-giam-gia')],
      ['https://www.lazada.vn/products/x-i1-s2.html', null, null],
    ]);
  });

  it('treats the same link twice as two identical results', () => {
    const link = 'https://shopee.vn/Ao-i.1.2';
    const converted = convert(`Link: ${link}\nNhắc lại: ${link}!`);
    expect(converted).toHaveLength(2);
    expect(converted[0]).toEqual(converted[1]);
  });

  it('does not convert look-alike hosts found in text', () => {
    const converted = convert(
      'Giả mạo: https://shopee.vn.evil.com/Ao-i.1.2 và evil-shopee.vn/Ao-i.1.2 và https://shopee.vn@evil.com/x',
    );
    expect(converted.map(({ url, parsed }) => [url, parsed])).toEqual([
      ['https://shopee.vn.evil.com/Ao-i.1.2', null],
      ['evil-shopee.vn/Ao-i.1.2', null],
      ['https://shopee.vn@evil.com/x', null],
    ]);
  });

  describe('wrapped links (Facebook link shim)', () => {
    const hoodie = 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260';
    it.each([
      ['l.facebook.com', `https://l.facebook.com/l.php?u=${encodeURIComponent(hoodie)}&h=AT3xYz`],
      ['lm.facebook.com', `https://lm.facebook.com/l.php?u=${encodeURIComponent(hoodie)}&h=AT3xYz`],
      ['http and upper case', `HTTP://L.FACEBOOK.COM/l.php?h=AT0&u=${encodeURIComponent(hoodie)}`],
      ['an href with &amp;', `https://l.facebook.com/l.php?h=AT0&amp;u=${encodeURIComponent(hoodie)}`],
      ['a raw target', `https://l.facebook.com/l.php?u=${hoodie}`],
      ['a doubly encoded target', `https://l.facebook.com/l.php?u=${encodeURIComponent(encodeURIComponent(hoodie))}`],
    ])('identifyInText reads the link a wrapper carries: %s', (_name, raw) => {
      expect(identifier.identifyInText(raw)).toMatchObject({ kind: 'product', canonicalUrl: hoodie });
    });

    it.each([
      ['a non-marketplace target', `https://l.facebook.com/l.php?u=${encodeURIComponent('https://example.com/a')}`],
      ['no target', 'https://l.facebook.com/l.php?h=AT0'],
      ['another path', `https://l.facebook.com/x.php?u=${encodeURIComponent(hoodie)}`],
      ['another Facebook host', `https://www.facebook.com/l.php?u=${encodeURIComponent(hoodie)}`],
      ['a look-alike host', `https://l.facebook.com.evil.com/l.php?u=${encodeURIComponent(hoodie)}`],
      [
        'a target with userinfo',
        `https://l.facebook.com/l.php?u=${encodeURIComponent('https://x@shopee.vn/Ao-i.1.2')}`,
      ],
      ['a javascript: target', `https://l.facebook.com/l.php?u=${encodeURIComponent('javascript:alert(1)')}`],
      [
        'a wrapper inside a wrapper (one level only)',
        `https://l.facebook.com/l.php?u=${encodeURIComponent(`https://l.facebook.com/l.php?u=${encodeURIComponent(hoodie)}`)}`,
      ],
    ])('identifyInText finds no marketplace link in %s', (_name, raw) => {
      expect(identifier.identifyInText(raw)).toBeNull();
    });

    it('identify() does not unwrap: a landing page or a short-link target must be the marketplace itself', () => {
      expect(identifier.identify(`https://l.facebook.com/l.php?u=${encodeURIComponent(hoodie)}`)).toBeNull();
    });
  });

  it('identifies a protocol-relative link (//host/…, as scraped HTML writes hrefs) as https', () => {
    expect(identifier.identify('//shopee.vn/Ao-i.1.2')).toMatchObject({
      kind: 'product',
      canonicalUrl: 'https://shopee.vn/Ao-i.1.2',
    });
    expect(identifier.identify('//shopee.vn.evil.com/Ao-i.1.2')).toBeNull();
  });
});
