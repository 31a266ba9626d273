import { shopeeOpenApiRegion } from '@app/outbound';
import { Marketplaces } from './marketplaces';
import type { MarketplaceId } from './links';
import { SHOPEE_REGIONS } from './links/shopee-hosts';

const marketplaces = new Marketplaces();

/** The resolver's allow-list: which URLs it may fetch for a marketplace's short link. */
describe('Marketplaces.fetchableShortLink (the resolver allow-list)', () => {
  const fetchable = (raw: string, marketplace: MarketplaceId = 'shopee') => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    return marketplaces.fetchableShortLink(url, marketplace);
  };

  it.each<[string, MarketplaceId]>([
    ['https://s.shopee.vn/8pZnE3uF0k', 'shopee'],
    ['http://s.shopee.vn/8pZnE3uF0k', 'shopee'],
    ['https://S.SHOPEE.VN/8pZnE3uF0k', 'shopee'],
    ['https://s.shopee.vn./8pZnE3uF0k', 'shopee'],
    ['https://s.shopee.vn:443/8pZnE3uF0k', 'shopee'],
    ['https://vn.shp.ee/r1MhnNPY', 'shopee'],
    ['https://shp.ee/r1MhnNPY', 'shopee'],
    ['https://shope.ee/6fLZS9Tf8B', 'shopee'],
    ['https://s.shopee.co.th/AbC', 'shopee'],
    ['https://s.lazada.vn/s.UAJFo?cc', 'lazada'],
    ['https://c.lazada.vn/t/c.ABCDE?sub_aff_id=x', 'lazada'],
    ['https://lzd.co/cutepets', 'lazada'],
    ['https://vt.tiktok.com/ZS9FvVXpLV/', 'tiktok'],
    ['https://vm.tiktok.com/ZMabc/', 'tiktok'],
    ['https://www.tiktok.com/t/ZSVaFpSNR/', 'tiktok'],
    ['https://ti.ki/M39Oj1kb/CAREER-UP', 'tiki'],
  ])('allows %s (%s)', (raw, marketplace) => {
    expect(fetchable(raw, marketplace)).toMatchObject({ kind: 'short', marketplace });
  });

  it.each<[string, string, MarketplaceId]>([
    ['Shopee name as a sub-domain', 'https://s.shopee.vn.evil.com/abc', 'shopee'],
    ['Shopee host in the fragment', 'https://evil.com#@s.shopee.vn/abc', 'shopee'],
    ['Shopee host as userinfo', 'https://s.shopee.vn@evil.com/abc', 'shopee'],
    ['userinfo on the real host', 'https://user:pw@s.shopee.vn/abc', 'shopee'],
    ['backslash before @', 'https://evil.com\\@s.shopee.vn/abc', 'shopee'],
    ['backslash as the path start', 'https://s.shopee.vn\\@evil.com/abc', 'shopee'],
    ['Cyrillic о look-alike', 'https://s.sh\u043epee.vn/abc', 'shopee'],
    ['Cyrillic а look-alike', 'https://s.l\u0430zada.vn/s.abc', 'lazada'],
    ['punycode look-alike', 'https://xn--s-shpee-7fg.vn/abc', 'shopee'],
    ['full-width dot trick', 'https://s.shopee\uff0evn.evil.com/abc', 'shopee'],
    ['explicit port', 'https://s.shopee.vn:8443/abc', 'shopee'],
    ['http on port 443', 'http://s.shopee.vn:443/abc', 'shopee'],
    ['IP address', 'https://127.0.0.1/abc', 'shopee'],
    ['decimal IP address', 'https://2130706433/abc', 'shopee'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/abc', 'shopee'],
    ['metadata address', 'http://169.254.169.254/latest/meta-data/', 'shopee'],
    ['ftp scheme', 'ftp://s.shopee.vn/abc', 'shopee'],
    ['file scheme', 'file:///etc/passwd', 'shopee'],
    [
      'an_redir (read, never fetched)',
      'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2',
      'shopee',
    ],
    ['a product page', 'https://shopee.vn/product/1/2', 'shopee'],
    ['ShopeeFood short link', 'https://spf.shopee.vn/abc', 'shopee'],
    ['another marketplace', 'https://s.lazada.vn/s.abc', 'shopee'],
    [
      'a master link with url (read, never fetched)',
      'https://c.lazada.vn/t/c.A?url=https%3A%2F%2Fwww.lazada.vn%2F',
      'lazada',
    ],
    ['TikTok product page', 'https://www.tiktok.com/view/product/1', 'tiktok'],
    ['TikTok video', 'https://www.tiktok.com/@a/video/1', 'tiktok'],
    ['Tiki TAP link (read, never fetched)', 'https://ti.ki/a/B?TIKI_URI=https%3A%2F%2Ftiki.vn%2Fp%2F1', 'tiki'],
    ['Tiki product page', 'https://tiki.vn/p/1', 'tiki'],
  ])('refuses %s', (_name, raw, marketplace) => {
    expect(fetchable(raw, marketplace)).toBeNull();
  });
});

describe("other networks' click parameters (HasOffers-style) in canonical links", () => {
  const CLICK =
    'offer_id=3125&offer_name=Lazada+VN+CPS&affiliate_id=88211&affiliate_name=MyDealsBlog' +
    '&transaction_id=102f3c4d5e6a7b8c9d0e&offer_ref=_xAbC123&aff_source=blog';

  // Every mode starts from the canonical link (affiliate: inside the member's link; link_goc: as is; the
  // shorteners and marketplace APIs: as their target), so dropping them here drops them in every mode.
  it.each<[string, string, string]>([
    [
      'Lazada campaign page',
      `https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?${CLICK}&wh_weex=true`,
      'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true',
    ],
    [
      'Lazada campaign page inside a master link',
      `https://c.lazada.vn/t/c.06wSoi?url=${encodeURIComponent(`https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?${CLICK}`)}`,
      'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall',
    ],
    [
      'Lazada shop page',
      `https://www.lazada.vn/shop/coolmate/?${CLICK}&page=2`,
      'https://www.lazada.vn/shop/coolmate/?page=2',
    ],
    ['Shopee campaign page', `https://shopee.vn/m/sale-12-12?${CLICK}&tab=1`, 'https://shopee.vn/m/sale-12-12?tab=1'],
    ['Tiki promotion page', `https://tiki.vn/khuyen-mai/sale?${CLICK}`, 'https://tiki.vn/khuyen-mai/sale'],
    [
      'Lazada product',
      `https://www.lazada.vn/products/x-i1-s2.html?${CLICK}`,
      'https://www.lazada.vn/products/x-i1-s2.html',
    ],
    ['Tiki product', `https://tiki.vn/x-p1.html?${CLICK}&spid=5`, 'https://tiki.vn/x-p1.html?spid=5'],
  ])('are dropped: %s', (_name, raw, canonical) => {
    expect(marketplaces.identify(raw)?.canonicalUrl).toBe(canonical);
  });
});

describe('Shopee sites: recognised ones and the ones Shopee left', () => {
  it('every recognised Shopee site has an Open API (marketplace_api never says unsupported_for_marketplace for one)', () => {
    for (const region of SHOPEE_REGIONS) expect(shopeeOpenApiRegion(region)).not.toBeNull();
  });

  it.each(['shopee.com.mx', 'shopee.cl', 'shopee.com.co', 'shopee.com.ar', 's.shopee.com.mx', 's.shopee.cl'])(
    '%s (a site Shopee left in 2022) is no Shopee link: not counted, in any mode',
    (host) => {
      expect(marketplaces.identify(`https://${host}/Zapatos-i.1.2`)).toBeNull();
    },
  );
});
