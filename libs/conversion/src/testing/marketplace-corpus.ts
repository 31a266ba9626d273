/**
 * Composed cases: links and posts for the four marketplaces written for the recognition rules (many after real samples:
 * official Shopee help pages, public code that handles these links, public files noted per case as idx:N), with the
 * item each link must give in `link_goc` and in `affiliate` mode. The real texts, each with its source, are in
 * `real-world-corpus.ts`.
 *
 * Short links are answered by `CORPUS_SHORT_LINKS` (where each one leads, as a marketplace would redirect), so the
 * corpus runs without a network; the resolver's own behaviour is tested against fake servers elsewhere.
 */
import type { MarketplaceId, MarketplaceSettings } from '@app/marketplaces';
import type { ItemErrorCode } from '../modes/item-error';
import type { ResolutionFailure } from '../resolver/short-link-resolver';

export const CORPUS_AFFILIATE_ID = '17300000000';
export const CORPUS_SUB_IDS = ['fb', 'post1'];
export const CORPUS_SETTINGS: MarketplaceSettings = {
  lazadaMasterCode: 'https://c.lazada.vn/t/c.YParqP',
  tikiPublisherCode: 'MyPub123',
  tikiCampaignCode: 'MYCAMP01',
};

export type Expected = { output: string } | { error: ItemErrorCode };

export interface CorpusItem {
  input: string;
  marketplace: MarketplaceId;
  linkGoc: Expected;
  affiliate: Expected;
}

export interface CorpusCase {
  name: string;
  text: string;
  items: CorpusItem[];
  /** The whole `output` in `link_goc` mode, where the case is about the text around the links. */
  linkGocText?: string;
}

const enc = encodeURIComponent;
const to = (output: string): Expected => ({ output });
const fails = (error: ItemErrorCode): Expected => ({ error });

export function shopeeAffiliate(canonical: string, host = 's.shopee.vn'): string {
  return `https://${host}/an_redir?origin_link=${enc(canonical)}&affiliate_id=${CORPUS_AFFILIATE_ID}&sub_id=fb-post1`;
}
export function lazadaAffiliate(canonical: string): string {
  return `https://c.lazada.vn/t/c.YParqP?url=${enc(canonical)}&sub_id1=fb&sub_id2=post1`;
}
export function tikiAffiliate(canonical: string): string {
  return `https://ti.ki/MyPub123/MYCAMP01?TIKI_URI=${enc(canonical)}&utm_term=TAPO.TIKI`;
}

export function shopee(input: string, canonical: string, affiliateHost?: string): CorpusItem {
  return {
    input,
    marketplace: 'shopee',
    linkGoc: to(canonical),
    affiliate: to(shopeeAffiliate(canonical, affiliateHost)),
  };
}
export function lazada(input: string, canonical: string): CorpusItem {
  return { input, marketplace: 'lazada', linkGoc: to(canonical), affiliate: to(lazadaAffiliate(canonical)) };
}
export function lazadaAbroad(input: string, canonical: string): CorpusItem {
  return { input, marketplace: 'lazada', linkGoc: to(canonical), affiliate: fails('unsupported_for_marketplace') };
}
export function tiktok(input: string, canonical: string): CorpusItem {
  return { input, marketplace: 'tiktok', linkGoc: to(canonical), affiliate: fails('unsupported_for_marketplace') };
}
export function tiki(input: string, canonical: string): CorpusItem {
  return { input, marketplace: 'tiki', linkGoc: to(canonical), affiliate: to(tikiAffiliate(canonical)) };
}
export function failing(input: string, marketplace: MarketplaceId, code: ItemErrorCode): CorpusItem {
  return { input, marketplace, linkGoc: fails(code), affiliate: fails(code) };
}
function one(name: string, link: CorpusItem): CorpusCase {
  return { name, text: link.input, items: [link] };
}

/** The canonical link of a raw-slug product link: its path as the URL parser percent-encodes it, no query. */
function rawSlugCanonical(link: string): string {
  const url = new URL(link);
  return `${url.origin}${url.pathname}`;
}

const LEGO_SG = 'https://shopee.sg/LEGO%C2%AE-Icons-Vespa-125-10298-Building-Kit-(1-106-Pieces)-i.68475578.16725783155';
const HOODIE = 'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260';
const OPAANLP_PRODUCT = 'https://shopee.vn/product/88201679/1793284627';
const IPHONE = 'https://shopee.vn/Apple-Iphone-11-128GB-Local-Set-i.52377417.6309028319';
const LANDING_TRACKING =
  'uls_trackid=51v36iqm00qv&utm_campaign=-&utm_content=12345-aaaa-bbbb-cccc-dddd&utm_medium=affiliates' +
  '&utm_source=an_14354840000&utm_term=ciun3317d6xf';
const LAZADA_SHIRT = 'https://www.lazada.vn/products/ao-so-mi-nam-i123456789-s456.html';
const LAZADA_PDP = 'https://www.lazada.vn/products/pdp-i3324491964-s16252561750.html';

/** Where the corpus short links lead (what the marketplace's redirect chain ends on), or why they fail. */
export const CORPUS_SHORT_LINKS: Readonly<Record<string, string | { failure: ResolutionFailure }>> = {
  // s.shopee.vn codes land on /opaanlp/ with affiliate tracking (idx:60356362910).
  'https://s.shopee.vn/8pZnE3uF0k':
    'https://shopee.vn/opaanlp/88201679/1793284627?__mobile__=1&uls_trackid=53c0&utm_campaign=id_x&utm_content=----' +
    '&utm_medium=affiliates&utm_source=an_17322940169&mmp_pid=an_17322940169',
  // vn.shp.ee → slug URL (idx:67299368742).
  'https://vn.shp.ee/r1MhnNPY': `${HOODIE}?sp_atk=3c1b&xptdk=3c1b&smtt=0.0.9`,
  'https://shope.ee/6fLZS9Tf8B': 'https://shopee.sg/product/68475578/27971600849?smtt=1&uls_trackid=x',
  // The Open API doc's older example result, for its example product.
  'https://shope.ee/abc123': `${IPHONE}?uls_trackid=51v36iqm00qv&utm_medium=affiliates&utm_source=an_1&utm_content=s1-s2-s3-s4-s5`,
  'https://shp.ee/abc123': 'https://sv.shopee.vn/share-video/NzA1NjQ?smtt=1',
  'https://s.shopee.vn/Expired1': 'https://shopee.vn/?utm_source=an_1',
  'https://s.shopee.vn/Dead404': { failure: 'http_status' },
  // The code read from `…/8pZnE3uF0kGiảm`: no such code.
  'https://s.shopee.vn/8pZnE3uF0kGi': { failure: 'http_status' },
  'https://s.shopee.vn/Evil1': { failure: 'redirect_off_marketplace' },
  'https://s.shopee.vn/ViaRedir':
    'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F111%2F222&affiliate_id=999&sub_id=x',
  // Lazada share link → PDP (idx:55921847999).
  'https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk': `${LAZADA_PDP}?spm=a2o4n.share&laz_trackid=2:x&mkttid=clkgl`,
  // App share link with `?cc` (idx:42902630633).
  'https://s.lazada.vn/s.UAJFo?cc': `${LAZADA_SHIRT}?laz_share_info=abc&laz_token=def`,
  'https://lzd.co/1212LazzieHunt':
    'https://pages.lazada.vn/wow/gcp/route/lazada/vn/upr_1000345_lazada/channel/vn/upr-router/vn?hybrid=1&spm=a2o4n',
  'https://c.lazada.vn/t/c.ABCDE?subId1=1&subId2=testuser': `${LAZADA_SHIRT}?x=1&sub_aff_id=testuser`,
  // vt.tiktok.com → /vn/pdp/<id> with share parameters (idx:70559576005).
  'https://vt.tiktok.com/ZS9FvVXpLV/': 'https://shop.tiktok.com/vn/pdp/1731238970187483121?_d=abc&chain_key=xyz',
  'https://vt.tiktok.com/ZSabc123/': 'https://www.tiktok.com/@vtv24news/video/7300000000000000001?_r=1&_t=x',
  'https://www.tiktok.com/t/ZSVaFpSNR/': 'https://www.tiktok.com/view/product/1732131340104796995?region=VN&local=en',
  'https://vm.tiktok.com/ZMabcdef/': { failure: 'timeout' },
  'https://ti.ki/M39Oj1kb/CAREER-UP': 'https://tiki.vn/career-up-p1234567.html?spid=7654321&utm_source=tap',
  'https://ti.ki/APPZFPDDI3': 'https://tiki.vn/?src=app',
  // TikTok Shop Indonesia's share link → its product page.
  'https://tk.tokopedia.com/ZSHnQ7xYz/':
    'https://shop-id.tokopedia.com/view/product/1729587769570445237?region=ID&u_code=x',
};

export const CORPUS: CorpusCase[] = [
  // ------------------------------------------------------------------ Shopee: product shapes and regions
  one('Shopee official LEGO sample (percent-encoding, parentheses)', shopee(LEGO_SG, LEGO_SG, 's.shopee.sg')),
  one('Shopee slug link (idx:67299368742)', shopee(HOODIE, HOODIE)),
  one(
    'Shopee official LEGO landing URL: every tracking parameter stripped (help.shopee.sg)',
    shopee(`${LEGO_SG}?${LANDING_TRACKING}`, LEGO_SG, 's.shopee.sg'),
  ),
  one('Shopee Open API example product', shopee(IPHONE, IPHONE)),
  one(
    'Shopee landing with every tracking parameter Shopee uses: only the voucher signatures stay',
    shopee(
      `${IPHONE}?${LANDING_TRACKING}&mmp_pid=an_14354840000&credential_token=ct1&gads_t_sig=gs1&encrypted_payload=ep1` +
        '&fb_content_id=1&exp_group=a&content_type=p&channel_type=1&smtt=0.0.9&d_id=d&sp_atk=s&xptdk=x' +
        '&extraParams=%7B%7D&af_click_lookback=7d&aff_trace_key=k&share_channel_code=4&__mobile__=1&lp=aff',
      `${IPHONE}?credential_token=ct1&gads_t_sig=gs1&encrypted_payload=ep1`,
    ),
  ),

  one(
    'Shopee slug with app-share tracking',
    shopee(`${HOODIE}?sp_atk=8f1c&xptdk=8f1c&uls_trackid=51v36iqm00qv&utm_source=an_17300000000`, HOODIE),
  ),
  one(
    'Shopee /product/<shop>/<item> (Product Feed form)',
    shopee(
      'https://shopee.sg/product/68475578/27971600849',
      'https://shopee.sg/product/68475578/27971600849',
      's.shopee.sg',
    ),
  ),
  one(
    'Shopee /opaanlp/ landing with affiliate tracking',
    shopee(CORPUS_SHORT_LINKS['https://s.shopee.vn/8pZnE3uF0k'] as string, OPAANLP_PRODUCT),
  ),
  one(
    'Shopee /universal-link/product/',
    shopee('https://shopee.vn/universal-link/product/88201679/1793284627?utm_source=an_1', OPAANLP_PRODUCT),
  ),
  one(
    'Shopee universal link with affiliate tracking (trieuchinhdat universal-link.ts)',
    shopee(
      'https://shopee.vn/universal-link/product/88201679/1793284627?mmp_pid=an_1&utm_source=an_1&utm_medium=affiliates' +
        '&utm_campaign=id_x&utm_content=sub1&uls_trackid=abc',
      OPAANLP_PRODUCT,
    ),
  ),
  one(
    'Shopee ?shop_id=&item_id=',
    shopee('https://shopee.vn/item?shop_id=88201679&item_id=1793284627', OPAANLP_PRODUCT),
  ),
  one(
    'Shopee /<shop-username>/<shop>/<item>',
    shopee('https://shopee.vn/coolmate-official/88201679/1793284627', OPAANLP_PRODUCT),
  ),
  one(
    'Shopee ?shopid=&itemid=',
    shopee('https://shopee.vn/item?shopid=88201679&itemid=1793284627&utm_source=x', OPAANLP_PRODUCT),
  ),
  one(
    'Shopee Thailand',
    shopee('https://shopee.co.th/Phone-Case-i.123.456', 'https://shopee.co.th/Phone-Case-i.123.456', 's.shopee.co.th'),
  ),
  one(
    'Shopee Malaysia (com.my)',
    shopee(
      'https://shopee.com.my/Baju-Kurung-i.111.222',
      'https://shopee.com.my/Baju-Kurung-i.111.222',
      's.shopee.com.my',
    ),
  ),
  one(
    'Shopee Malaysia (shopee.my → s.shopee.com.my)',
    shopee('https://shopee.my/Baju-i.123.456', 'https://shopee.my/Baju-i.123.456', 's.shopee.com.my'),
  ),
  one(
    'Shopee Indonesia',
    shopee('https://shopee.co.id/Sepatu-i.333.444', 'https://shopee.co.id/Sepatu-i.333.444', 's.shopee.co.id'),
  ),
  one(
    'Shopee Philippines',
    shopee('https://shopee.ph/Shirt-i.555.666', 'https://shopee.ph/Shirt-i.555.666', 's.shopee.ph'),
  ),
  one(
    'Shopee Taiwan (idx:71215569330)',
    shopee('https://shopee.tw/x-i.777.888', 'https://shopee.tw/x-i.777.888', 's.shopee.tw'),
  ),
  {
    name: 'Shopee regions closed in 2022 (Chile, Colombia, Mexico, Argentina) are not Shopee links',
    text:
      'https://shopee.cl/Zapatos-i.1.2 https://s.shopee.cl/abc https://shopee.com.co/Camisa-i.3.4 ' +
      'https://s.shopee.com.mx/an_redir?origin_link=https%3A%2F%2Fshopee.com.mx%2Fproduct%2F5%2F6 https://shopee.com.ar/x-i.7.8',
    items: [],
  },
  one(
    'Shopee Brazil',
    shopee('https://shopee.com.br/Tenis-i.999.1000', 'https://shopee.com.br/Tenis-i.999.1000', 's.shopee.com.br'),
  ),
  one('Shopee mobile host', shopee('https://m.shopee.vn/Ao-i.1.2', 'https://shopee.vn/Ao-i.1.2')),
  {
    name: 'Shopee upper-case scheme and host',
    text: 'Link: HTTPS://SHOPEE.VN/Ao-Thun-i.10.20 nhé',
    items: [shopee('HTTPS://SHOPEE.VN/Ao-Thun-i.10.20', 'https://shopee.vn/Ao-Thun-i.10.20')],
  },
  {
    name: 'Shopee scheme-less link',
    text: 'Xem shopee.vn/Dep-Nam-i.30.40 ngay',
    items: [shopee('shopee.vn/Dep-Nam-i.30.40', 'https://shopee.vn/Dep-Nam-i.30.40')],
  },
  {
    name: 'Shopee scheme-less raw Vietnamese slug',
    text: 'Áo đẹp: shopee.vn/Áo-thun-nam-cổ-tròn-i.88201679.1793284627 nè',
    items: [
      shopee(
        'shopee.vn/Áo-thun-nam-cổ-tròn-i.88201679.1793284627',
        'https://shopee.vn/%C3%81o-thun-nam-c%E1%BB%95-tr%C3%B2n-i.88201679.1793284627',
      ),
    ],
  },
  one(
    'Shopee voucher signatures kept (idx:67231148858)',
    shopee(
      `${HOODIE}?uls_trackid=1&gads_t_sig=VTJGc2RHVmtYMTlx%2BY&utm_source=x&encrypted_payload=abc%3D%3D`,
      `${HOODIE}?gads_t_sig=VTJGc2RHVmtYMTlx%2BY&encrypted_payload=abc%3D%3D`,
    ),
  ),
  one(
    'Shopee app scheme shopee://',
    shopee('shopee://product/68475578/27971600849', 'https://shopee.vn/product/68475578/27971600849'),
  ),
  {
    name: 'Shopee app scheme shopeevn://',
    text: 'Mở app shopeevn://product/1/2 nhé',
    items: [shopee('shopeevn://product/1/2', 'https://shopee.vn/product/1/2')],
  },

  // ------------------------------------------------------------------ Shopee: pages
  one(
    'Shopee shop page',
    shopee('https://shopee.vn/coolmate.vn?utm_source=x&page=2', 'https://shopee.vn/coolmate.vn?page=2'),
  ),
  one(
    'Shopee page without an id pattern (tothanhdat test "link Shopee khong co pattern id van hop le")',
    shopee('https://shopee.vn/some-shop-page', 'https://shopee.vn/some-shop-page'),
  ),
  {
    name: 'Shopee dashed page with tracking, in a post',
    text: 'Ghé shop: https://shopee.vn/Thoi-trang-nam-gia-re?utm_source=an_1&page=2 nhé',
    items: [
      shopee(
        'https://shopee.vn/Thoi-trang-nam-gia-re?utm_source=an_1&page=2',
        'https://shopee.vn/Thoi-trang-nam-gia-re?page=2',
      ),
    ],
  },
  one('Shopee product slug whose ids were cut', failing('https://shopee.vn/Ao-thun-i.123', 'shopee', 'not_a_product')),
  one('Shopee /shop/<id>', shopee('https://shopee.vn/shop/88201679', 'https://shopee.vn/shop/88201679')),
  one(
    'Shopee /universal-link/shop/<id>',
    shopee('https://shopee.vn/universal-link/shop/88201679?utm_source=an_1', 'https://shopee.vn/shop/88201679'),
  ),
  one(
    'Shopee campaign (AccessTrade doc example)',
    shopee('https://shopee.vn/m/ma-giam-gia', 'https://shopee.vn/m/ma-giam-gia'),
  ),
  one(
    'Shopee category (shopeeAI README)',
    shopee(
      'https://shopee.sg/Mobile-Gadgets-cat.11036030',
      'https://shopee.sg/Mobile-Gadgets-cat.11036030',
      's.shopee.sg',
    ),
  ),
  one(
    'Shopee search',
    shopee(
      'https://shopee.vn/search?keyword=%C3%A1o%20thun&utm_source=an_1',
      'https://shopee.vn/search?keyword=%C3%A1o%20thun',
    ),
  ),

  // ------------------------------------------------------------------ Shopee: not convertible
  one('Shopee Video share link', failing('https://sv.shopee.vn/share-video/abc?smtt=1', 'shopee', 'not_a_product')),
  one('Shopee Live', failing('https://live.shopee.vn/universal-link/live?id=1', 'shopee', 'not_a_product')),
  one('ShopeeFood affiliate link (idx:69074972926)', failing('https://spf.shopee.vn/abc', 'shopee', 'not_a_product')),
  one(
    'Shopee affiliate portal offer page',
    failing('https://affiliate.shopee.vn/offer/product_offer/27971600849', 'shopee', 'invalid_link'),
  ),

  // ------------------------------------------------------------------ Shopee: foreign an_redir
  one(
    'Shopee official an_redir sample ("?&affiliate_id"), re-affiliated',
    shopee(
      `https://s.shopee.sg/an_redir?origin_link=${enc(LEGO_SG)}?&affiliate_id=14354840000&sub_id=12345-aaaa-bbbb-cccc-dddd`,
      LEGO_SG,
      's.shopee.sg',
    ),
  ),
  one(
    'Shopee Product-Feed an_redir on shope.ee',
    shopee(
      'https://shope.ee/an_redir?origin_link=https%3A%2F%2Fshopee.sg%2Fproduct%2F68475578%2F27971600849',
      'https://shopee.sg/product/68475578/27971600849',
      's.shopee.sg',
    ),
  ),
  one(
    'Shopee an_redir on shope.ee with a foreign sub_id (idx:29751851403)',
    shopee(
      `https://shope.ee/an_redir?origin_link=${enc(IPHONE)}&affiliate_id=17399990000&sub_id=websitedeal1k`,
      IPHONE,
    ),
  ),
  one(
    'Shopee an_redir on s.shopee.my → s.shopee.com.my',
    shopee(
      `https://s.shopee.my/an_redir?origin_link=${enc('https://shopee.com.my/Baju-i.111.222')}&affiliate_id=1`,
      'https://shopee.com.my/Baju-i.111.222',
      's.shopee.com.my',
    ),
  ),
  one(
    'Shopee an_redir without origin_link',
    failing('https://s.shopee.vn/an_redir?affiliate_id=1&sub_id=a', 'shopee', 'invalid_link'),
  ),

  // ------------------------------------------------------------------ Shopee: short links (resolved)
  one('Shopee s.shopee.vn code → /opaanlp/', shopee('https://s.shopee.vn/8pZnE3uF0k', OPAANLP_PRODUCT)),
  one('Shopee vn.shp.ee app share link → slug', shopee('https://vn.shp.ee/r1MhnNPY', HOODIE)),
  one(
    'Shopee legacy shope.ee code (idx:42513789934) → other region',
    shopee('https://shope.ee/6fLZS9Tf8B', 'https://shopee.sg/product/68475578/27971600849', 's.shopee.sg'),
  ),
  one('Shopee legacy shope.ee code (Open API doc example)', shopee('https://shope.ee/abc123', IPHONE)),
  one(
    'Shopee short link to an an_redir (never fetched, re-affiliated)',
    shopee('https://s.shopee.vn/ViaRedir', 'https://shopee.vn/product/111/222'),
  ),
  one('Shopee short link to a video', failing('https://shp.ee/abc123', 'shopee', 'not_a_product')),
  one('Shopee expired short link (home page)', failing('https://s.shopee.vn/Expired1', 'shopee', 'not_a_product')),
  one('Shopee dead short link', failing('https://s.shopee.vn/Dead404', 'shopee', 'resolution_failed')),
  one('Shopee short link redirecting off Shopee', failing('https://s.shopee.vn/Evil1', 'shopee', 'resolution_failed')),
  {
    name: 'Shopee scheme-less short link',
    text: 'Link rút gọn: s.shopee.vn/8pZnE3uF0k.',
    items: [shopee('s.shopee.vn/8pZnE3uF0k', OPAANLP_PRODUCT)],
  },

  // ------------------------------------------------------------------ Shopee: text around links
  {
    name: 'Shopee link inside an HTML href with &amp;',
    text: '<p>Deal: <a href="https://shopee.vn/Ao-i.1.2?a=1&amp;b=2" target="_blank">Áo</a></p>',
    items: [shopee('https://shopee.vn/Ao-i.1.2?a=1&amp;b=2', 'https://shopee.vn/Ao-i.1.2')],
  },
  {
    name: 'Shopee foreign an_redir in an href, origin_link after &amp; (re-affiliated, never fetched)',
    text: `<a href="https://s.shopee.vn/an_redir?affiliate_id=1&amp;origin_link=${enc(HOODIE)}">Áo</a>`,
    items: [shopee(`https://s.shopee.vn/an_redir?affiliate_id=1&amp;origin_link=${enc(HOODIE)}`, HOODIE)],
  },
  one(
    'Shopee voucher signature after &amp; kept',
    shopee(
      'https://shopee.vn/Ao-i.1.2?gads_t_sig=X&amp;encrypted_payload=Y',
      'https://shopee.vn/Ao-i.1.2?gads_t_sig=X&encrypted_payload=Y',
    ),
  ),
  one(
    'Shopee search with &amp; and &#38; (the canonical link has plain &)',
    shopee(
      'https://shopee.vn/search?keyword=ao&amp;page=2&#38;sortBy=sales&#x26;utm_source=an_1',
      'https://shopee.vn/search?keyword=ao&page=2&sortBy=sales',
    ),
  ),
  {
    name: 'Shopee links glued to Vietnamese text and punctuation',
    text: 'Mua ngay:https://shopee.vn/Ao-i.1.2!!! (https://shopee.vn/Quan-i.3.4) giá sốc…https://shopee.vn/Giay-i.5.6…',
    items: [
      shopee('https://shopee.vn/Ao-i.1.2', 'https://shopee.vn/Ao-i.1.2'),
      shopee('https://shopee.vn/Quan-i.3.4', 'https://shopee.vn/Quan-i.3.4'),
      shopee('https://shopee.vn/Giay-i.5.6', 'https://shopee.vn/Giay-i.5.6'),
    ],
  },
  {
    name: 'Shopee product link glued to a Vietnamese word (ends after the item id)',
    text: 'Áo https://m.shopee.vn/Ao-i.1.2giá 100k',
    items: [shopee('https://m.shopee.vn/Ao-i.1.2', 'https://shopee.vn/Ao-i.1.2')],
    linkGocText: 'Áo https://shopee.vn/Ao-i.1.2giá 100k',
  },
  {
    name: 'Shopee product link glued to a comma and a word',
    text: 'Áo https://m.shopee.vn/Ao-i.1.2,giá 100k',
    items: [shopee('https://m.shopee.vn/Ao-i.1.2', 'https://shopee.vn/Ao-i.1.2')],
    linkGocText: 'Áo https://shopee.vn/Ao-i.1.2,giá 100k',
  },
  {
    name: 'Shopee raw Vietnamese slug glued to a word after the ids',
    text: 'shopee.vn/Áo-thun-i.88201679.1793284627Giảm 50%',
    items: [shopee('shopee.vn/Áo-thun-i.88201679.1793284627', 'https://shopee.vn/%C3%81o-thun-i.88201679.1793284627')],
    linkGocText: 'https://shopee.vn/%C3%81o-thun-i.88201679.1793284627Giảm 50%',
  },
  {
    name: 'Shopee short link glued to a Vietnamese word (ends at the first non-ASCII character)',
    text: 'https://s.shopee.vn/8pZnE3uF0kĐặt ngay, s.shopee.vn/8pZnE3uF0k,giá sốc',
    items: [
      shopee('https://s.shopee.vn/8pZnE3uF0k', OPAANLP_PRODUCT),
      shopee('s.shopee.vn/8pZnE3uF0k', OPAANLP_PRODUCT),
    ],
    linkGocText: `${OPAANLP_PRODUCT}Đặt ngay, ${OPAANLP_PRODUCT},giá sốc`,
  },
  {
    // A code is ASCII and mixed-case: the ASCII letters of the glued word ("Gi") cannot be told from the code.
    name: 'Shopee short link glued to a word starting with ASCII letters (the code read is unknown)',
    text: 'https://s.shopee.vn/8pZnE3uF0kGiảm giá',
    items: [failing('https://s.shopee.vn/8pZnE3uF0kGi', 'shopee', 'resolution_failed')],
    linkGocText: 'https://s.shopee.vn/8pZnE3uF0kGiảm giá',
  },
  {
    name: 'Shopee Markdown link',
    text: `[Áo hoodie](${HOODIE}) 🔥`,
    items: [shopee(HOODIE, HOODIE)],
  },
  {
    // Another affiliate's tracking link: fetching it would count a click for them, rewriting it would take their
    // commission or break their tracking. Left as is and not counted.
    name: "other affiliate networks' links are left untouched and not counted",
    text: [
      `AccessTrade https://go.isclix.com/deep_link/4751584435713464237/4751584435713464237?url=${enc(HOODIE)}&sub1=fb`,
      `v6 https://go.isclix.com/deep_link/v6/123/4751584435713464237?url_enc=aHR0cHM6Ly9zaG9wZWUudm4vQW8taS4xLjI=`,
      'rút gọn https://shorten.asia/AbCd1234 và https://bit.ly/40Jld5K',
      `Involve https://invol.co/cl12345?url=${enc(LAZADA_SHIRT)}&subid=x http://invol.co/aff_m?offer_id=88&aff_id=1`,
      `Sovrn https://redirect.viglink.com?key=k&u=${enc(HOODIE)}`,
      `Skimlinks https://go.skimresources.com/?id=1X2&url=${enc('https://tiki.vn/abc-p123.html')}`,
    ].join('\n'),
    items: [],
  },
  {
    name: 'ShopeeFood landing and the old AccessTrade deep link are not marketplace links',
    text:
      'https://shopeefood.vn/ho-chi-minh/com-tam?utm_medium=affiliate_food&utm_source=an_1 ' +
      `https://pub.accesstrade.vn/deep_link/4751584435713464237?url=${enc(HOODIE)}`,
    items: [],
  },
  {
    name: 'look-alike hosts are not marketplace links',
    text:
      'https://shopee.vn.evil.com/Ao-i.1.2 evil-shopee.vn/Ao-i.1.2 https://shopee.vn@evil.com/x ' +
      'https://s.sh\u043epee.vn/abc https://www.lazada.vn.evil.com/products/x-i1.html https://tiki.vn.evil.com/a-p1.html ' +
      'https://vt.tiktok.com.evil.com/ZSabc/ https://lazada.xyz/products/x-i1.html',
    items: [],
  },

  // ------------------------------------------------------------------ Lazada
  one(
    'Lazada product with sku (idx:68884486255)',
    lazada('https://www.lazada.vn/products/ao-so-mi-nam-i123456789-s456.html?x=1', LAZADA_SHIRT),
  ),
  one(
    'Lazada pdp-i…-s… (idx:71562518995)',
    lazada(
      'https://www.lazada.vn/products/pdp-i204631671-s254952397.html?spm=a2o4n.searchlistcategory.list.i72&search=1',
      'https://www.lazada.vn/products/pdp-i204631671-s254952397.html',
    ),
  ),
  one(
    'Lazada i<item>-s<sku>.html without slug (idx:54942619509)',
    lazada(
      'https://www.lazada.vn/products/i255675772-s14883705485.html',
      'https://www.lazada.vn/products/i255675772-s14883705485.html',
    ),
  ),
  one(
    'Lazada /i<item>.html at the site root',
    lazada('https://www.lazada.vn/i123.html', 'https://www.lazada.vn/products/i123.html'),
  ),
  one(
    'Lazada /i<item>-s<sku>.html at the site root',
    lazada('https://www.lazada.vn/i123-s456.html?spm=a2o4n', 'https://www.lazada.vn/products/i123-s456.html'),
  ),
  {
    name: 'Lazada scheme-less /i<item>.html (idx:55554963070)',
    text: 'Lazada: lazada.vn/products/example-i123456789.html nhé',
    items: [
      lazada('lazada.vn/products/example-i123456789.html', 'https://www.lazada.vn/products/example-i123456789.html'),
    ],
  },
  one(
    'Lazada Thailand: link_goc works, no affiliate format for it',
    lazadaAbroad(
      'https://www.lazada.co.th/products/x-i111-s222.html?spm=a',
      'https://www.lazada.co.th/products/x-i111-s222.html',
    ),
  ),
  one(
    'Lazada s.lazada.vn share link → PDP (idx:55921847999)',
    lazada('https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk', LAZADA_PDP),
  ),
  one(
    'Lazada s.lazada.vn share link with ?cc (idx:42902630633)',
    lazada('https://s.lazada.vn/s.UAJFo?cc', LAZADA_SHIRT),
  ),
  one(
    'Lazada Malaysia',
    lazadaAbroad(
      'https://www.lazada.com.my/products/x-i11-s22.html?spm=a',
      'https://www.lazada.com.my/products/x-i11-s22.html',
    ),
  ),
  one(
    'Lazada Indonesia',
    lazadaAbroad('https://www.lazada.co.id/products/x-i33.html', 'https://www.lazada.co.id/products/x-i33.html'),
  ),
  one(
    'Lazada Philippines',
    lazadaAbroad(
      'https://www.lazada.com.ph/products/x-i44-s55.html',
      'https://www.lazada.com.ph/products/x-i44-s55.html',
    ),
  ),
  one(
    'Lazada Singapore',
    lazadaAbroad('https://www.lazada.sg/products/x-i66-s77.html', 'https://www.lazada.sg/products/x-i66-s77.html'),
  ),
  one(
    'Lazada lzd.co short link → campaign page (idx:2123223089)',
    lazada(
      'https://lzd.co/1212LazzieHunt',
      'https://pages.lazada.vn/wow/gcp/route/lazada/vn/upr_1000345_lazada/channel/vn/upr-router/vn?hybrid=1',
    ),
  ),
  one(
    'Lazada foreign master link with url, re-affiliated, never fetched (idx:13263938331)',
    lazada(
      `https://c.lazada.vn/t/c.06wSoi?intent=false&fallback=false&url=${enc('https://www.lazada.vn/products/x-i1001-s2002.html')}&sub_aff_id=shorTool`,
      'https://www.lazada.vn/products/x-i1001-s2002.html',
    ),
  ),
  {
    name: 'Lazada master link to a shop promotion inside an HTML href (idx:20577347595)',
    text: '<a href="https://c.lazada.vn/t/c.1aLN?url=https%3A%2F%2Fwww.lazada.vn%2Fshop%2Festee-lauder%3Ftab%3Dpromotion%26path%3Dpromotion-30838-0.htm&amp;sub_aff_id=Estee" target="_blank">Estee Lauder</a>',
    items: [
      lazada(
        'https://c.lazada.vn/t/c.1aLN?url=https%3A%2F%2Fwww.lazada.vn%2Fshop%2Festee-lauder%3Ftab%3Dpromotion%26path%3Dpromotion-30838-0.htm&amp;sub_aff_id=Estee',
        'https://www.lazada.vn/shop/estee-lauder/?tab=promotion&path=promotion-30838-0.htm',
      ),
    ],
  },
  {
    name: 'Lazada foreign master link in an href, url after &amp; (read, never fetched)',
    text: '<a href="https://c.lazada.vn/t/c.abc?sub_aff_id=x&amp;url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fx-i1-s2.html">Deal</a>',
    items: [
      lazada(
        'https://c.lazada.vn/t/c.abc?sub_aff_id=x&amp;url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fx-i1-s2.html',
        'https://www.lazada.vn/products/x-i1-s2.html',
      ),
    ],
  },
  one(
    'Lazada promotion master link without url (resolved)',
    lazada('https://c.lazada.vn/t/c.ABCDE?subId1=1&subId2=testuser', LAZADA_SHIRT),
  ),
  one(
    'Lazada catalog search',
    lazada('https://www.lazada.vn/catalog/?q=tai+nghe&spm=a2o4n', 'https://www.lazada.vn/catalog/?q=tai+nghe'),
  ),
  one(
    'Lazada campaign on pages.lazada.vn',
    lazada(
      'https://pages.lazada.vn/wow/gcp/vn/mega/campaign?spm=a2o4n&hybrid=1',
      'https://pages.lazada.vn/wow/gcp/vn/mega/campaign?hybrid=1',
    ),
  ),
  one('Lazada account page', failing('https://www.lazada.vn/customer/order/index/', 'lazada', 'not_a_product')),
  one(
    'Lazada master link with a foreign url',
    failing('https://c.lazada.vn/t/c.1aLN?url=https%3A%2F%2Fevil.com%2F', 'lazada', 'invalid_link'),
  ),

  // ------------------------------------------------------------------ TikTok Shop
  one(
    'TikTok /view/product/<id> (tothanhdat test)',
    tiktok(
      'https://www.tiktok.com/view/product/1732131340104796995?region=VN&local=en',
      'https://www.tiktok.com/view/product/1732131340104796995?region=VN',
    ),
  ),
  one(
    'TikTok Shop /vn/pdp/<slug>/<id> (idx:69218898247)',
    tiktok(
      'https://shop.tiktok.com/vn/pdp/sample-product/1731238970187483121?source=share',
      'https://shop.tiktok.com/vn/pdp/sample-product/1731238970187483121',
    ),
  ),
  one(
    'TikTok Shop /vn/pdp/<id> with tracking (idx:70224319748)',
    tiktok(
      'https://shop.tiktok.com/vn/pdp/1731975048230963363?source=ecommerce_category&enter_method=feed_list_category_products' +
        '&first_entrance=bing&btm_pre=a18064.b8314&btm_transfer_id=session-id',
      'https://shop.tiktok.com/vn/pdp/1731975048230963363',
    ),
  ),
  one(
    'TikTok www.tiktok.com/shop/vn/pdp/<encoded slug>/<id> (idx:31656846819)',
    tiktok(
      'https://www.tiktok.com/shop/vn/pdp/%C4%91am-thiet-ke-form-xoe-co-dan-nhieu-mau-thich-hop-%C4%91i-choi-lam-viec/1732826020155524663',
      'https://www.tiktok.com/shop/vn/pdp/%C4%91am-thiet-ke-form-xoe-co-dan-nhieu-mau-thich-hop-%C4%91i-choi-lam-viec/1732826020155524663',
    ),
  ),
  one(
    'TikTok /view/product/<id> with region after &amp;',
    tiktok(
      'https://www.tiktok.com/view/product/1731?local=en&amp;region=TH',
      'https://www.tiktok.com/view/product/1731?region=TH',
    ),
  ),
  one(
    'TikTok Shop /vn/pdp/<id>?_d=…&scene=pdp (tothanhdat test)',
    tiktok(
      'https://shop.tiktok.com/vn/pdp/1729384756123456789?_d=secCdnX&scene=pdp',
      'https://shop.tiktok.com/vn/pdp/1729384756123456789',
    ),
  ),
  one(
    'TikTok shop.tiktok.com/view/product/<id>?region=VN',
    tiktok(
      'https://shop.tiktok.com/view/product/1729384756123456789?region=VN',
      'https://shop.tiktok.com/view/product/1729384756123456789?region=VN',
    ),
  ),
  one(
    'TikTok vt.tiktok.com share link → pdp',
    tiktok('https://vt.tiktok.com/ZS9FvVXpLV/', 'https://shop.tiktok.com/vn/pdp/1731238970187483121'),
  ),
  one(
    'TikTok vt.tiktok.com share link to a video',
    failing('https://vt.tiktok.com/ZSabc123/', 'tiktok', 'not_a_product'),
  ),
  one(
    'TikTok www.tiktok.com/t/<code> → /view/product (idx:67318941655)',
    tiktok('https://www.tiktok.com/t/ZSVaFpSNR/', 'https://www.tiktok.com/view/product/1732131340104796995?region=VN'),
  ),
  one(
    'TikTok vm.tiktok.com short link that times out',
    failing('https://vm.tiktok.com/ZMabcdef/', 'tiktok', 'resolution_failed'),
  ),
  {
    name: 'TikTok video is not a product; a profile is not a marketplace link',
    text: 'Video https://www.tiktok.com/@vtv24news/video/7300000000000000000 kênh https://www.tiktok.com/@vtv24news',
    items: [failing('https://www.tiktok.com/@vtv24news/video/7300000000000000000', 'tiktok', 'not_a_product')],
  },

  // ------------------------------------------------------------------ Tiki
  one(
    'Tiki product with spid (idx:25228422831)',
    tiki(
      'https://tiki.vn/hoang-tu-be-tai-ban-2022-p166033489.html?spid=166033491',
      'https://tiki.vn/hoang-tu-be-tai-ban-2022-p166033489.html?spid=166033491',
    ),
  ),
  one(
    'Tiki product with tracking (idx:44875607825)',
    tiki(
      'https://tiki.vn/may-nuoc-nong-ariston-an2-30-rs-2-5-fe-mt-2500w-p5978889.html?spid=5978891&src=deal-hot',
      'https://tiki.vn/may-nuoc-nong-ariston-an2-30-rs-2-5-fe-mt-2500w-p5978889.html?spid=5978891',
    ),
  ),
  one('Tiki /p/<id> (idx:6727005414)', tiki('https://tiki.vn/p/276665412', 'https://tiki.vn/p/276665412')),
  one('Tiki /p<id>.html (idx:55334300457)', tiki('https://tiki.vn/p123456.html', 'https://tiki.vn/p123456.html')),
  {
    name: 'Tiki scheme-less product',
    text: 'Review tiki.vn/abc-p123.html và hết',
    items: [tiki('tiki.vn/abc-p123.html', 'https://tiki.vn/abc-p123.html')],
  },
  one(
    'Tiki foreign TAP link, re-affiliated, never fetched (idx:46363695623)',
    tiki(
      `https://ti.ki/lLoCiS7e/OR60D8CM?TIKI_URI=${enc('https://tiki.vn/apple-iphone-13-hang-chinh-hang-p184059211.html?spid=123547403')}&utm_term=TAPO.TIKI`,
      'https://tiki.vn/apple-iphone-13-hang-chinh-hang-p184059211.html?spid=123547403',
    ),
  ),
  {
    name: 'Tiki foreign TAP link in an href, TIKI_URI after &amp; (re-affiliated, never fetched)',
    text: `<a href="https://ti.ki/Pub/CAMP?utm_term=TAPO.TIKI&amp;TIKI_URI=${enc('https://tiki.vn/x-p1.html?spid=5')}">Tiki</a>`,
    items: [
      tiki(
        `https://ti.ki/Pub/CAMP?utm_term=TAPO.TIKI&amp;TIKI_URI=${enc('https://tiki.vn/x-p1.html?spid=5')}`,
        'https://tiki.vn/x-p1.html?spid=5',
      ),
    ],
  },
  one(
    'Tiki spid after &amp; kept',
    tiki('https://tiki.vn/x-p1.html?src=a&amp;spid=5', 'https://tiki.vn/x-p1.html?spid=5'),
  ),
  one(
    'Tiki TAP link with a raw TIKI_URI to a promotion (idx:12725789586)',
    tiki(
      'https://ti.ki/xyz/LANDING-PAGE-01-2021?TIKI_URI=https://tiki.vn/khuyen-mai/tiki-sale-tet-2021&utm_term=TAPM.d5301bba',
      'https://tiki.vn/khuyen-mai/tiki-sale-tet-2021',
    ),
  ),
  one(
    'Tiki ti.ki short link (idx:22532701500)',
    tiki('https://ti.ki/M39Oj1kb/CAREER-UP', 'https://tiki.vn/career-up-p1234567.html?spid=7654321'),
  ),
  one('Tiki ti.ki link to the home page', failing('https://ti.ki/APPZFPDDI3', 'tiki', 'not_a_product')),
  one('Tiki cart', failing('https://tiki.vn/checkout/cart', 'tiki', 'not_a_product')),
  one(
    'Tiki promotion page',
    tiki('https://tiki.vn/khuyen-mai/hang-quoc-te?itm_campaign=x&src=home', 'https://tiki.vn/khuyen-mai/hang-quoc-te'),
  ),

  // ------------------------------------------------------------------ round 3: shapes from public pages and posts
  // 1. Raw slugs: Shopee's own search-page HTML and pasted posts carry unencoded names with CJK brackets and `…`.
  {
    name: 'round 3, raw slug: shopee.tw name starting with CJK brackets 【】 (the link goes on to its ids)',
    text: '好物推薦 👉 https://shopee.tw/【免運】韓版寬鬆連帽外套-i.4281935.21876543210?sp_atk=5e6f7a8b-1c2d&xptdk=5e6f7a8b 快搶！',
    items: [
      shopee(
        'https://shopee.tw/【免運】韓版寬鬆連帽外套-i.4281935.21876543210?sp_atk=5e6f7a8b-1c2d&xptdk=5e6f7a8b',
        rawSlugCanonical('https://shopee.tw/【免運】韓版寬鬆連帽外套-i.4281935.21876543210'),
        's.shopee.tw',
      ),
    ],
    linkGocText: `好物推薦 👉 ${rawSlugCanonical('https://shopee.tw/【免運】韓版寬鬆連帽外套-i.4281935.21876543210')} 快搶！`,
  },
  {
    name: 'round 3, raw slug: shopee.sg name with 「」 brackets in an href',
    text: '<a href="https://shopee.sg/「Ready-Stock」Baby-Wipes-80pcs-i.91827364.19283746501">Wipes</a>',
    items: [
      shopee(
        'https://shopee.sg/「Ready-Stock」Baby-Wipes-80pcs-i.91827364.19283746501',
        rawSlugCanonical('https://shopee.sg/「Ready-Stock」Baby-Wipes-80pcs-i.91827364.19283746501'),
        's.shopee.sg',
      ),
    ],
  },
  {
    name: 'round 3, raw slug: Vietnamese name cut by the seller with … (one link, up to its ids)',
    text:
      'Áo khoác gió 2 lớp: https://shopee.vn/Áo-Khoác-Gió-Nam-2-Lớp-Chống-Nước-Có-Mũ-Tháo-Rời…-i.302718394.22984561027?sp_atk=ab12 (còn size L)\n' +
      'Giày: shopee.vn/Giày-Sneaker-Nữ-Đế-Độn…Hàn-Quốc-i.1029384.23847561920…',
    items: [
      shopee(
        'https://shopee.vn/Áo-Khoác-Gió-Nam-2-Lớp-Chống-Nước-Có-Mũ-Tháo-Rời…-i.302718394.22984561027?sp_atk=ab12',
        rawSlugCanonical('https://shopee.vn/Áo-Khoác-Gió-Nam-2-Lớp-Chống-Nước-Có-Mũ-Tháo-Rời…-i.302718394.22984561027'),
      ),
      shopee(
        'shopee.vn/Giày-Sneaker-Nữ-Đế-Độn…Hàn-Quốc-i.1029384.23847561920',
        rawSlugCanonical('https://shopee.vn/Giày-Sneaker-Nữ-Đế-Độn…Hàn-Quốc-i.1029384.23847561920'),
      ),
    ],
  },
  {
    name: 'round 3, raw slug: a shop page followed by … and text is not stretched (no ids in the run)',
    text: 'Ghé shop https://shopee.vn/coolmate.vn…Mua 2 tặng 1',
    items: [shopee('https://shopee.vn/coolmate.vn', 'https://shopee.vn/coolmate.vn')],
  },
  // 2. Shop navigation markers.
  one(
    'round 3, shop page: entryPoint=ShopBySearch and searchKeyword dropped',
    shopee(
      'https://shopee.vn/coolmate.vn?entryPoint=ShopBySearch&searchKeyword=coolmate',
      'https://shopee.vn/coolmate.vn',
    ),
  ),
  one(
    'round 3, shop page: entryPoint=ShopByPDP dropped, the page number kept',
    shopee(
      'https://shopee.vn/shop/88201679?entryPoint=ShopByPDP&page=2&searchKeyword=%C3%A1o',
      'https://shopee.vn/shop/88201679?page=2',
    ),
  ),
  // 3. Other networks' click parameters on Lazada campaign pages.
  one(
    "round 3, Lazada campaign page: another network's HasOffers click parameters dropped",
    lazada(
      'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?offer_id=3125&offer_name=Lazada+VN+CPS&affiliate_id=88211' +
        '&affiliate_name=MyDealsBlog&transaction_id=102f3c4d5e6a7b8c9d0e&offer_ref=_xAbC123&aff_source=blog&wh_weex=true',
      'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true',
    ),
  ),
  // 4. Protocol-relative hrefs (scraped HTML).
  {
    name: 'round 3, protocol-relative hrefs: //www.lazada.vn and //shopee.vn',
    text:
      '<div class="c16H9d"><a href="//www.lazada.vn/products/pdp-i2398471234-s11029384756.html?search=1" title="Tai nghe">Tai nghe</a></div>' +
      "<a href='//shopee.vn/Ao-Hoodie-i.564687320.29261186260'>Áo</a>",
    items: [
      lazada(
        '//www.lazada.vn/products/pdp-i2398471234-s11029384756.html?search=1',
        'https://www.lazada.vn/products/pdp-i2398471234-s11029384756.html',
      ),
      shopee('//shopee.vn/Ao-Hoodie-i.564687320.29261186260', HOODIE),
    ],
    linkGocText:
      '<div class="c16H9d"><a href="https://www.lazada.vn/products/pdp-i2398471234-s11029384756.html" title="Tai nghe">Tai nghe</a></div>' +
      `<a href='${HOODIE}'>Áo</a>`,
  },
  // 5. TikTok Shop Indonesia.
  {
    name: 'round 3, TikTok Shop Indonesia on shop-id.tokopedia.com',
    text: 'Cek: https://shop-id.tokopedia.com/view/product/1729587769570445237?region=ID&locale=id-ID&source=product_detail',
    items: [
      tiktok(
        'https://shop-id.tokopedia.com/view/product/1729587769570445237?region=ID&locale=id-ID&source=product_detail',
        'https://shop-id.tokopedia.com/view/product/1729587769570445237',
      ),
    ],
  },
  {
    name: "round 3, Tokopedia's own site and other shop-id pages are not TikTok Shop links",
    text: 'https://www.tokopedia.com/tokoabc/kaos-polos-1 https://shop-id.tokopedia.com/ https://tokopedia.com/view/product/1',
    items: [],
  },
  // 6. Facebook-wrapped links: unwrapped, the whole wrapper replaced by the converted inner link.
  {
    name: 'round 3, Facebook-wrapped links (l.facebook.com, lm.facebook.com in an href) unwrapped',
    text:
      `Link: https://l.facebook.com/l.php?u=${enc(`${HOODIE}?sp_atk=x&fbclid=IwAR0abc`)}&h=AT3xYzAbC-dEf&s=1 nhé\n` +
      `<a href="https://lm.facebook.com/l.php?u=${enc(LAZADA_SHIRT)}&amp;h=AT1q">Lazada</a>`,
    items: [
      shopee(`https://l.facebook.com/l.php?u=${enc(`${HOODIE}?sp_atk=x&fbclid=IwAR0abc`)}&h=AT3xYzAbC-dEf&s=1`, HOODIE),
      lazada(`https://lm.facebook.com/l.php?u=${enc(LAZADA_SHIRT)}&amp;h=AT1q`, LAZADA_SHIRT),
    ],
    linkGocText: `Link: ${HOODIE} nhé\n<a href="${LAZADA_SHIRT}">Lazada</a>`,
  },
  one(
    'round 3, a Facebook-wrapped short link is resolved like the short link',
    shopee(`https://l.facebook.com/l.php?u=${enc('https://s.shopee.vn/8pZnE3uF0k')}&h=AT0`, OPAANLP_PRODUCT),
  ),
  {
    name: 'round 3, a Facebook wrapper around another site, or without a target, is not a marketplace link',
    text:
      `https://l.facebook.com/l.php?u=${enc('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}&h=AT0 ` +
      'https://l.facebook.com/l.php?h=AT0 https://www.facebook.com/l.php?u=https%3A%2F%2Fshopee.vn%2FAo-i.1.2',
    items: [],
  },

  // ------------------------------------------------------------------ mixed posts
  {
    name: 'a real deal post with all four marketplaces, other sites and a repeated link',
    text: [
      '🔥 SĂN SALE 12.12 🔥',
      `1️⃣ Áo hoodie 👉 ${HOODIE}?sp_atk=8f1c`,
      '2️⃣ Lazada: https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk',
      '3️⃣ TikTok Shop:https://vt.tiktok.com/ZS9FvVXpLV/',
      '4️⃣ Tiki (tiki.vn/p/276665412)',
      'Review: https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      `Nhắc lại áo: ${HOODIE}?sp_atk=8f1c!`,
    ].join('\n'),
    items: [
      shopee(`${HOODIE}?sp_atk=8f1c`, HOODIE),
      lazada('https://s.lazada.vn/s.ljrQD?t=p-i3czEE8-sHju5kk', LAZADA_PDP),
      tiktok('https://vt.tiktok.com/ZS9FvVXpLV/', 'https://shop.tiktok.com/vn/pdp/1731238970187483121'),
      tiki('tiki.vn/p/276665412', 'https://tiki.vn/p/276665412'),
      shopee(`${HOODIE}?sp_atk=8f1c`, HOODIE),
    ],
  },
  {
    name: 'an HTML newsletter with Shopee, Lazada and Tiki links',
    text:
      `<ul><li><a href='${LEGO_SG}'>LEGO</a></li>` +
      '<li><a href="https://www.lazada.vn/products/pdp-i204631671-s254952397.html?spm=x">Lazada</a></li>' +
      '<li><a href="https://tiki.vn/p/276665412?src=mail">Tiki</a></li></ul>',
    items: [
      shopee(LEGO_SG, LEGO_SG, 's.shopee.sg'),
      lazada(
        'https://www.lazada.vn/products/pdp-i204631671-s254952397.html?spm=x',
        'https://www.lazada.vn/products/pdp-i204631671-s254952397.html',
      ),
      tiki('https://tiki.vn/p/276665412?src=mail', 'https://tiki.vn/p/276665412'),
    ],
  },
  // ------------------------------------------------------------------ round 4: HTML, spreadsheets, scripts, JSON
  {
    name: 'an editor paragraph and an escaped anchor: character references end the links',
    text:
      `<p>Link mua:&nbsp;${OPAANLP_PRODUCT}&nbsp;</p>\n` +
      '&lt;a href=&quot;https://tiki.vn/p/276665412?src=mail&quot;&gt;Tiki&lt;/a&gt; &#34;https://s.shopee.vn/8pZnE3uF0k&#34;',
    items: [
      shopee(OPAANLP_PRODUCT, OPAANLP_PRODUCT),
      tiki('https://tiki.vn/p/276665412?src=mail', 'https://tiki.vn/p/276665412'),
      shopee('https://s.shopee.vn/8pZnE3uF0k', OPAANLP_PRODUCT),
    ],
    linkGocText:
      `<p>Link mua:&nbsp;${OPAANLP_PRODUCT}&nbsp;</p>\n` +
      '&lt;a href=&quot;https://tiki.vn/p/276665412&quot;&gt;Tiki&lt;/a&gt; ' +
      `&#34;${OPAANLP_PRODUCT}&#34;`,
  },
  {
    name: 'a Thai post: words glued after numeric-id product links',
    text: 'ลดราคา https://shopee.co.th/product/123/456ครับ และ https://shop.tiktok.com/th/pdp/1731975048230963363ค่ะ',
    items: [
      shopee('https://shopee.co.th/product/123/456', 'https://shopee.co.th/product/123/456', 's.shopee.co.th'),
      tiktok(
        'https://shop.tiktok.com/th/pdp/1731975048230963363',
        'https://shop.tiktok.com/th/pdp/1731975048230963363',
      ),
    ],
  },
  {
    name: 'click ids removed from a campaign page, voucher signatures kept on a product',
    text:
      'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true&gclsrc=aw.ds&msclkid=1a&gidzl=Zz ' +
      `${HOODIE}?srsltid=AfmBOo&gads_t_sig=VTJG&twclid=2`,
    items: [
      lazada(
        'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true&gclsrc=aw.ds&msclkid=1a&gidzl=Zz',
        'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true',
      ),
      shopee(`${HOODIE}?srsltid=AfmBOo&gads_t_sig=VTJG&twclid=2`, `${HOODIE}?gads_t_sig=VTJG`),
    ],
  },
  {
    name: 'account, policy and help pages; Mall search; a slug cut by a line break',
    text:
      'https://pages.lazada.vn/wow/gcp/vn/member/login-signup https://www.lazada.vn/chinh-sach-bao-mat/ ' +
      'https://shopee.vn/mall/search?keyword=son&utm_source=an_1\nhttps://shopee.vn/Ao-thun-nam-co-tron-\ni.1.2',
    items: [
      failing('https://pages.lazada.vn/wow/gcp/vn/member/login-signup', 'lazada', 'not_a_product'),
      failing('https://www.lazada.vn/chinh-sach-bao-mat/', 'lazada', 'not_a_product'),
      shopee('https://shopee.vn/mall/search?keyword=son&utm_source=an_1', 'https://shopee.vn/mall/search?keyword=son'),
      failing('https://shopee.vn/Ao-thun-nam-co-tron-', 'shopee', 'not_a_product'),
    ],
  },
  {
    name: 'a link after a // comment marker, Messenger and Instagram shims, a TikTok Shop Indonesia share link',
    text:
      `//${HOODIE}\nhttps://l.messenger.com/l.php?u=${enc(OPAANLP_PRODUCT)}&h=AT0 ` +
      `https://l.instagram.com/?u=${enc(HOODIE)}&e=AT1 https://tk.tokopedia.com/ZSHnQ7xYz/`,
    items: [
      shopee(HOODIE, HOODIE),
      shopee(`https://l.messenger.com/l.php?u=${enc(OPAANLP_PRODUCT)}&h=AT0`, OPAANLP_PRODUCT),
      shopee(`https://l.instagram.com/?u=${enc(HOODIE)}&e=AT1`, HOODIE),
      tiktok('https://tk.tokopedia.com/ZSHnQ7xYz/', 'https://shop-id.tokopedia.com/view/product/1729587769570445237'),
    ],
  },
  {
    name: 'JSON with escaped slashes: found, written back escaped',
    text: `{"items":[{"url":"https:\\/\\/shopee.vn\\/product\\/88201679\\/1793284627?utm_source=an_1"}]}`,
    items: [
      {
        input: 'https:\\/\\/shopee.vn\\/product\\/88201679\\/1793284627?utm_source=an_1',
        marketplace: 'shopee',
        linkGoc: to('https:\\/\\/shopee.vn\\/product\\/88201679\\/1793284627'),
        affiliate: to(shopeeAffiliate(OPAANLP_PRODUCT).replaceAll('/', '\\/')),
      },
    ],
    linkGocText: '{"items":[{"url":"https:\\/\\/shopee.vn\\/product\\/88201679\\/1793284627"}]}',
  },
];
