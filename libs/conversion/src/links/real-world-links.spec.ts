import { Marketplaces } from '@app/marketplaces';
import { extractLinks } from './link-extractor';

/**
 * The shapes real posts, HTML from editors, spreadsheet pastes and JSON put around marketplace links (round 4 of
 * the real-world families): each link found with its exact span and read as the marketplace's page.
 */
const marketplaces = new Marketplaces();

/** Each marketplace link of `text`: as found, and what it is (kind, or the reason code), with its canonical link. */
function read(text: string): Array<[url: string, what: string, canonical?: string]> {
  const isShortLink = (url: string) => marketplaces.identify(url)?.kind === 'short';
  return extractLinks(text, { isShortLink }).flatMap((found) => {
    expect(text.slice(found.start, found.end)).toBe(found.url);
    const parsed = marketplaces.identifyInText(found.url);
    if (!parsed) return [];
    const what = parsed.kind === 'not_convertible' ? parsed.reasonCode! : parsed.kind;
    const canonical = parsed.canonicalUrl ?? parsed.shortUrl;
    return [canonical === undefined ? [found.url, what] : [found.url, what, canonical]];
  });
}

const PRODUCT = 'https://shopee.vn/product/88201679/1793284627';

describe('real-world links, round 4', () => {
  describe('HTML entities glued to a link end it, as the character they stand for would', () => {
    it.each([
      ['&nbsp; around a link in an editor paragraph', `<p>Link mua:&nbsp;${PRODUCT}&nbsp;</p>`],
      ['&quot; around a link in a spreadsheet paste', `&quot;${PRODUCT}&quot;`],
      ['an escaped anchor', `&lt;a href=&quot;${PRODUCT}&quot;&gt;Mua ngay&lt;/a&gt;`],
      ['&quot;&gt; glued to the next word', `href=&quot;${PRODUCT}&quot;&gt;Xem`],
      ['decimal &#34;', `&#34;${PRODUCT}&#34;`],
      ['decimal &#39;', `&#39;${PRODUCT}&#39;`],
      ['decimal &#160;', `Mua:&#160;${PRODUCT}&#160;ngay`],
      ['hexadecimal &#x22; and &#xA0;', `&#x22;${PRODUCT}&#xA0;nhé`],
      ['&lt; of a closing tag', `${PRODUCT}&lt;/td&gt;`],
      ['&rdquo; and &hellip;', `&ldquo;${PRODUCT}&rdquo; và ${PRODUCT}&hellip;`],
      ['HTML escaped twice', `&amp;lt;a href=&amp;quot;${PRODUCT}&amp;quot;&amp;gt;Mua`],
    ])('%s', (_name, text) => {
      expect(read(text).map(([url, what, canonical]) => [url, what, canonical])).toEqual(
        (text.match(/https:\/\/shopee\.vn\/product\/88201679\/1793284627/g) ?? []).map(() => [
          PRODUCT,
          'product',
          PRODUCT,
        ]),
      );
    });

    it('ends a short link, a search page and a Tiki link before an entity', () => {
      expect(
        read(
          '&quot;https://s.shopee.vn/8pZnE3uF0k&quot; &quot;https://shopee.vn/search?keyword=ao&quot;&gt;x ' +
            '&quot;https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491&quot;',
        ),
      ).toEqual([
        ['https://s.shopee.vn/8pZnE3uF0k', 'short', 'https://s.shopee.vn/8pZnE3uF0k'],
        ['https://shopee.vn/search?keyword=ao', 'page', 'https://shopee.vn/search?keyword=ao'],
        [
          'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491',
          'product',
          'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491',
        ],
      ]);
    });

    it('still reads &amp; (and entities of URL characters) as part of the link', () => {
      expect(read('https://shopee.vn/search?keyword=ao&amp;page=2&#38;sortBy=sales&quot;')).toEqual([
        [
          'https://shopee.vn/search?keyword=ao&amp;page=2&#38;sortBy=sales',
          'page',
          'https://shopee.vn/search?keyword=ao&page=2&sortBy=sales',
        ],
      ]);
    });
  });

  describe('words glued after a product link’s item id (scripts without spaces)', () => {
    it.each([
      ['Thai', `${PRODUCT}ครับ`, PRODUCT, PRODUCT],
      [
        'Lao',
        'https://shopee.co.th/product/1/2ສິນຄ້າ',
        'https://shopee.co.th/product/1/2',
        'https://shopee.co.th/product/1/2',
      ],
      ['Khmer', 'https://shopee.vn/opaanlp/1/2ទិញ', 'https://shopee.vn/opaanlp/1/2', 'https://shopee.vn/product/1/2'],
      [
        'Chinese',
        'https://shopee.tw/coolmate/1/2好物',
        'https://shopee.tw/coolmate/1/2',
        'https://shopee.tw/product/1/2',
      ],
      [
        'Japanese',
        'https://shopee.vn/universal-link/product/1/2です',
        'https://shopee.vn/universal-link/product/1/2',
        'https://shopee.vn/product/1/2',
      ],
      ['Vietnamese', `${PRODUCT}đây`, PRODUCT, PRODUCT],
      ['a Vietnamese word and a full stop', `${PRODUCT}đây.`, PRODUCT, PRODUCT],
      ['a Thai word and an exclamation mark', `${PRODUCT}ค่ะ!`, PRODUCT, PRODUCT],
      [
        'TikTok /view/product/<id>',
        'https://www.tiktok.com/view/product/1732131340104796995ครับ',
        'https://www.tiktok.com/view/product/1732131340104796995',
        'https://www.tiktok.com/view/product/1732131340104796995',
      ],
      [
        'TikTok /pdp/<slug>/<id>',
        'https://shop.tiktok.com/vn/pdp/ao/1731975048230963363ค่ะ',
        'https://shop.tiktok.com/vn/pdp/ao/1731975048230963363',
        'https://shop.tiktok.com/vn/pdp/ao/1731975048230963363',
      ],
      ['Tiki /p/<id>', 'https://tiki.vn/p/276665412好', 'https://tiki.vn/p/276665412', 'https://tiki.vn/p/276665412'],
      [
        'Lazada …-i<item>-s<sku>.html',
        'https://www.lazada.co.th/products/x-i1-s2.htmlครับ',
        'https://www.lazada.co.th/products/x-i1-s2.html',
        'https://www.lazada.co.th/products/x-i1-s2.html',
      ],
      [
        'Tiki <slug>-p<id>.html',
        'https://tiki.vn/sach-p123.html好',
        'https://tiki.vn/sach-p123.html',
        'https://tiki.vn/sach-p123.html',
      ],
    ])('%s', (_name, text, url, canonical) => {
      expect(read(text)).toEqual([[url, 'product', canonical]]);
    });

    it('keeps non-ASCII letters of a search keyword and of a slug', () => {
      expect(read('https://shopee.co.th/search?keyword=2ชิ้น https://shop.tiktok.com/vn/pdp/1ao-ครับ/173')).toEqual([
        [
          'https://shopee.co.th/search?keyword=2ชิ้น',
          'page',
          'https://shopee.co.th/search?keyword=2%E0%B8%8A%E0%B8%B4%E0%B9%89%E0%B8%99',
        ],
        [
          'https://shop.tiktok.com/vn/pdp/1ao-ครับ/173',
          'product',
          'https://shop.tiktok.com/vn/pdp/1ao-%E0%B8%84%E0%B8%A3%E0%B8%B1%E0%B8%9A/173',
        ],
      ]);
    });
  });

  describe('click ids are removed from pages, an open list from a privacy tool', () => {
    it.each([
      'gidzl',
      'gclsrc',
      'gad_campaignid',
      'gad_source',
      'srsltid',
      'msclkid',
      'rdt_cid',
      'twclid',
      'dclid',
      'li_fat_id',
      'sc_click_id',
      'yclid',
      'ysclid',
      'wickedid',
      '_gl',
      'fbclid',
    ])('%s', (param) => {
      expect(read(`https://shopee.vn/search?keyword=ao&${param}=Cj0KCQ_x-1`)).toEqual([
        [`https://shopee.vn/search?keyword=ao&${param}=Cj0KCQ_x-1`, 'page', 'https://shopee.vn/search?keyword=ao'],
      ]);
      expect(read(`https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true&${param}=1`)).toEqual([
        [
          `https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true&${param}=1`,
          'page',
          'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true',
        ],
      ]);
    });

    it('keeps the voucher signatures on a product and the parameters a page needs', () => {
      const link =
        `${PRODUCT}?gclid=1&gads_t_sig=VTJG&msclkid=2&encrypted_payload=ep&srsltid=3&credential_token=ct` +
        ' https://tiki.vn/khuyen-mai/hang-quoc-te?page=2&gidzl=x&sort=top';
      expect(read(link).map(([, , canonical]) => canonical)).toEqual([
        `${PRODUCT}?gads_t_sig=VTJG&encrypted_payload=ep&credential_token=ct`,
        'https://tiki.vn/khuyen-mai/hang-quoc-te?page=2&sort=top',
      ]);
    });
  });

  describe('account, policy and help pages of any host are not products', () => {
    it.each([
      'https://pages.lazada.vn/wow/gcp/vn/member/login-signup?spm=a2o4n',
      'https://pages.lazada.co.th/wow/gcp/th/member/login-by-email',
      'https://pages.lazada.com.my/wow/gcp/my/member/signup',
      'https://www.lazada.vn/privacy-policy/',
      'https://www.lazada.sg/terms-of-use/',
      'https://www.lazada.vn/chinh-sach-bao-mat/',
      'https://www.lazada.vn/dieu-khoan-su-dung/',
      'https://www.lazada.co.id/kebijakan-privasi/',
      'https://www.lazada.co.id/syarat-dan-ketentuan/',
      'https://www.lazada.com.my/helpcenter/returns/',
      'https://shopee.vn/buyer/login?next=https%3A%2F%2Fshopee.vn%2F',
      'https://shopee.vn/legaldoc/policies/',
      'https://shopee.co.id/privacy-policy',
      'https://shopee.vn/dieu-khoan-su-dung',
      'https://shop.tiktok.com/vn/account/orders',
      'https://www.tiktok.com/shop/vn/legal/privacy-policy',
      'https://tiki.vn/chinh-sach-bao-mat',
      'https://tiki.vn/dieu-khoan-su-dung',
    ])('%s', (link) => {
      expect(read(link)).toEqual([[link, 'not_a_product']]);
    });

    it('still converts campaign, category and shop pages with such words in their name', () => {
      expect(
        read(
          'https://pages.lazada.vn/wow/gcp/route/lazada/vn/upr_1000345_lazada/channel/vn/upr-router/vn ' +
            'https://www.lazada.vn/dien-thoai-di-dong/ https://shopee.vn/helpful.shop',
        ).map(([, what]) => what),
      ).toEqual(['page', 'page', 'page']);
    });
  });

  it('converts a Shopee Mall search like a search page', () => {
    expect(
      read(
        'https://shopee.vn/mall/search?keyword=son%20moi&utm_source=an_1 https://shopee.co.id/mall/search?keyword=tas',
      ),
    ).toEqual([
      [
        'https://shopee.vn/mall/search?keyword=son%20moi&utm_source=an_1',
        'page',
        'https://shopee.vn/mall/search?keyword=son%20moi',
      ],
      ['https://shopee.co.id/mall/search?keyword=tas', 'page', 'https://shopee.co.id/mall/search?keyword=tas'],
    ]);
  });

  it('does not convert a one-segment page cut by a line break after a dash', () => {
    expect(
      read(
        'https://shopee.vn/Ao-thun-nam-co-tron-\ni.88201679.1793284627\n' +
          'https://www.lazada.vn/dien-thoai-\ndi-dong/\nhttps://tiki.vn/sach-van-hoc-\np1.html',
      ).map(([url, what]) => [url, what]),
    ).toEqual([
      ['https://shopee.vn/Ao-thun-nam-co-tron-', 'not_a_product'],
      ['https://www.lazada.vn/dien-thoai-', 'not_a_product'],
      ['https://tiki.vn/sach-van-hoc-', 'not_a_product'],
    ]);
  });

  it('finds a link right after a // comment marker', () => {
    expect(read(`//https://shopee.vn/Ao-i.1.2\n// ${PRODUCT}\n//http://shopee.co.th/product/1/2`)).toEqual([
      ['https://shopee.vn/Ao-i.1.2', 'product', 'https://shopee.vn/Ao-i.1.2'],
      [PRODUCT, 'product', PRODUCT],
      ['http://shopee.co.th/product/1/2', 'product', 'https://shopee.co.th/product/1/2'],
    ]);
  });

  describe('decided: link shims, TikTok Shop Indonesia share links, JSON', () => {
    it("unwraps Messenger's and Instagram's link shims like Facebook's", () => {
      const inner = encodeURIComponent(PRODUCT);
      const messenger = `https://l.messenger.com/l.php?u=${inner}&h=AT0x`;
      const instagram = `https://l.instagram.com/?u=${inner}&e=AT1y`;
      expect(read(`${messenger} ${instagram}`)).toEqual([
        [messenger, 'product', PRODUCT],
        [instagram, 'product', PRODUCT],
      ]);
      expect(read(`https://l.instagram.com/?u=${encodeURIComponent('https://example.com/x')}`)).toEqual([]);
    });

    it('reads tk.tokopedia.com/<code>/ and vt.tokopedia.com/t/<code>/ as TikTok short links', () => {
      expect(read('https://tk.tokopedia.com/ZSHnQ7xYz/ dan https://vt.tokopedia.com/t/ZSHnQ8aBc/ ya')).toEqual([
        ['https://tk.tokopedia.com/ZSHnQ7xYz/', 'short', 'https://tk.tokopedia.com/ZSHnQ7xYz/'],
        ['https://vt.tokopedia.com/t/ZSHnQ8aBc/', 'short', 'https://vt.tokopedia.com/t/ZSHnQ8aBc/'],
      ]);
      expect(read('https://tk.tokopedia.com/ https://vt.tokopedia.com/ZSH/').map(([, what]) => what)).toEqual([
        'invalid_link',
        'invalid_link',
      ]);
      expect(read('https://www.tokopedia.com/toko/produk')).toEqual([]);
    });

    it('finds links in JSON with escaped slashes', () => {
      const json =
        '{"url":"https:\\/\\/shopee.vn\\/Ao-Hoodie-i.564687320.29261186260?sp_atk=1","short":"https:\\/\\/s.shopee.vn\\/8pZnE3uF0k",' +
        '"web":"https:\\/\\/www.lazada.vn\\/products\\/x-i1-s2.html"}';
      expect(read(json)).toEqual([
        [
          'https:\\/\\/shopee.vn\\/Ao-Hoodie-i.564687320.29261186260?sp_atk=1',
          'product',
          'https://shopee.vn/Ao-Hoodie-i.564687320.29261186260',
        ],
        ['https:\\/\\/s.shopee.vn\\/8pZnE3uF0k', 'short', 'https://s.shopee.vn/8pZnE3uF0k'],
        [
          'https:\\/\\/www.lazada.vn\\/products\\/x-i1-s2.html',
          'product',
          'https://www.lazada.vn/products/x-i1-s2.html',
        ],
      ]);
    });
  });
});
