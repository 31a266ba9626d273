import fc from 'fast-check';
import { replaceLinks } from '../text-conversion';
import { Marketplaces } from '@app/marketplaces';
import { CLICK_ID_PARAMS } from '@app/marketplaces/testing';
import { extractLinks, findSchemeStarts, linkifyCandidates, plainWebLink } from './link-extractor';

/**
 * Property-based test of link extraction (with identification, as the convert path runs them): marketplace links
 * planted in generated text are each found once, with exact spans and the planted ids; the text between them is
 * never touched; nothing else (look-alike hosts, user-info tricks, e-mail addresses, other sites) is a marketplace
 * link. CI runs it with a fixed seed; `npm run test:fuzz` runs many more cases (`FUZZ_RUNS`, and `FUZZ_SEED` to
 * replay a failure: fast-check prints the seed and path of any counterexample).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED =
  process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? undefined : 2111;
const PARAMETERS: fc.Parameters<unknown> = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

const marketplaces = new Marketplaces();

// ---------------------------------------------------------------- slugs

const VIETNAMESE = [...'aăâbcdđeêghiklmnoôơpqrstuưvxyáàảãạắằẳẵặấầẩẫậéèẻẽẹếềểễệíìỉĩịóòỏõọốồổỗộớờởỡợúùủũụứừửữựýỳỷỹỵ'];
const LETTER = fc.constantFrom(...VIETNAMESE, ...VIETNAMESE.map((letter) => letter.toUpperCase()), ...'0123456789');
const WORD = fc.array(LETTER, { minLength: 1, maxLength: 8 }).map((letters) => letters.join(''));
/** What real raw slugs hold besides words: CJK punctuation and brackets, `…`, emoji, encoded bytes, `&amp;`. */
const SLUG_PIECE = fc.oneof(
  { weight: 6, arbitrary: WORD },
  { weight: 3, arbitrary: fc.constant('-') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('【', '】', '「', '」', '『', '』', '、', '。', '（', '）', '〔', '〕', '・'),
  },
  { weight: 1, arbitrary: fc.constantFrom('【免運】', '「現貨」', '【Hàng-Có-Sẵn】') },
  { weight: 1, arbitrary: fc.constantFrom('…', '...', '.') },
  { weight: 1, arbitrary: fc.constantFrom('🔥', '🎁', '❤️', '✨', '👉', '💯') },
  { weight: 1, arbitrary: WORD.map((word) => `(${word})`) },
  { weight: 1, arbitrary: fc.constantFrom('%C2%AE', '%C3%A1', '%E3%80%90', '%20') },
  { weight: 1, arbitrary: fc.constantFrom('&amp;', '&', '+', ',', '!', '*', '~', '_') },
);
/** A Shopee product slug, raw (as Shopee's own HTML and pasted posts carry it). */
const RAW_SLUG = fc
  .array(SLUG_PIECE, { minLength: 1, maxLength: 10 })
  .map((pieces) => pieces.join(''))
  .filter((slug) => !/-i\.\d+\.\d+/.test(slug));
/** Lazada and Tiki slugs: words and dashes (their slugs are ASCII in practice; raw Vietnamese letters are read too). */
const PLAIN_SLUG = fc.array(WORD, { minLength: 1, maxLength: 5 }).map((words) => words.join('-'));

const id = (maxLength: number) =>
  fc
    .tuple(fc.constantFrom(...'123456789'), fc.array(fc.constantFrom(...'0123456789'), { maxLength: maxLength - 1 }))
    .map(([first, rest]) => first + rest.join(''));
const QUERY_VALUE = fc
  .array(fc.constantFrom(...'abcdef0123456789-'), { minLength: 1, maxLength: 10 })
  .map((v) => v.join(''));

// ---------------------------------------------------------------- planted links

interface Planted {
  /** The link as it stands in text (in an href, `&` is written `&amp;`). */
  raw: string;
  marketplace: string;
  ids: { shopId?: string; itemId: string };
}

/** How a link starts: with a scheme, none, or protocol-relative. */
const ORIGIN = fc.constantFrom('https://', 'http://', 'HTTPS://', '', '//', 'https://www.', 'https://m.');

const shopeeProduct = fc
  .record({
    origin: ORIGIN,
    region: fc.constantFrom('shopee.vn', 'shopee.tw', 'shopee.sg', 'shopee.co.th', 'SHOPEE.VN'),
    slug: RAW_SLUG,
    shopId: id(10),
    itemId: id(11),
    query: fc.option(fc.tuple(QUERY_VALUE, QUERY_VALUE), { nil: undefined }),
  })
  .map(({ origin, region, slug, shopId, itemId, query }) => ({
    link: `${origin}${region}/${slug}-i.${shopId}.${itemId}`,
    query: query ? `?sp_atk=${query[0]}&xptdk=${query[1]}` : '',
    marketplace: 'shopee',
    ids: { shopId, itemId },
  }));

const lazadaProduct = fc
  .record({ origin: ORIGIN, slug: PLAIN_SLUG, itemId: id(11), skuId: id(11), spm: fc.boolean() })
  .map(({ origin, slug, itemId, skuId, spm }) => ({
    link: `${origin.replace(/(?:www|m)\.$/, '')}www.lazada.vn/products/${slug}-i${itemId}-s${skuId}.html`,
    query: spm ? '?spm=a2o4n.searchlist&search=1' : '',
    marketplace: 'lazada',
    ids: { itemId },
  }));

const tikiProduct = fc
  .record({ slug: PLAIN_SLUG, itemId: id(9), spid: fc.option(id(9), { nil: undefined }) })
  .map(({ slug, itemId, spid }) => ({
    link: `https://tiki.vn/${slug}-p${itemId}.html`,
    query: spid ? `?spid=${spid}&src=home` : '',
    marketplace: 'tiki',
    ids: { itemId },
  }));

const tiktokProduct = fc
  .record({ host: fc.constantFrom('https://www.tiktok.com', 'https://shop-id.tokopedia.com'), itemId: id(19) })
  .map(({ host, itemId }) => ({
    link: `${host}/view/product/${itemId}`,
    query: '?region=VN&local=en',
    marketplace: 'tiktok',
    ids: { itemId },
  }));

/**
 * A Facebook-wrapped Shopee link: found as the whole wrapper, with the inner link's ids. (Not with `...` in the slug:
 * percent-encoding leaves dots as they are, and three dots in a query end a link, as they end a sentence.)
 */
const wrappedShopee = fc
  .record({
    product: shopeeProduct.filter((product) => !product.link.includes('...')),
    host: fc.constantFrom('l.facebook.com', 'lm.facebook.com'),
  })
  .map(({ product, host }) => ({
    link: `https://${host}/l.php?u=${encodeURIComponent(`https://shopee.vn/${product.link.replace(/^.*?\/(?=[^/]*-i\.)/, '')}`)}`,
    query: '&h=AT3xYz-AbC',
    marketplace: 'shopee',
    ids: product.ids,
  }));

/** A click id (from the open list) and its value, as ads and messengers append them: `&gclid=Cj0K…`. */
const CLICK_ID_TAIL = fc
  .array(fc.tuple(fc.constantFrom(...CLICK_ID_PARAMS), QUERY_VALUE), { minLength: 1, maxLength: 3 })
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));

/** Products whose path ends in a numeric id (every such form), with or without click ids after them. */
const numericIdProduct = fc
  .record({
    form: fc.constantFrom(
      (s: string, i: string) => `https://shopee.vn/product/${s}/${i}`,
      (s: string, i: string) => `https://shopee.co.th/opaanlp/${s}/${i}`,
      (s: string, i: string) => `shopee.tw/coolmate_official/${s}/${i}`,
      (s: string, i: string) => `https://shopee.vn/universal-link/product/${s}/${i}`,
    ),
    shopId: id(10),
    itemId: id(11),
    tail: fc.option(CLICK_ID_TAIL, { nil: undefined }),
  })
  .map(({ form, shopId, itemId, tail }) => ({
    link: form(shopId, itemId),
    query: tail ? `?${tail}` : '',
    marketplace: 'shopee',
    ids: { shopId, itemId } as Planted['ids'],
  }));
const numericIdOtherProduct = fc
  .record({
    form: fc.constantFrom(
      (i: string) => `https://www.tiktok.com/view/product/${i}`,
      (i: string) => `https://shop.tiktok.com/th/pdp/${i}`,
      (i: string) => `https://www.tiktok.com/shop/vn/pdp/ao-thun/${i}`,
      (i: string) => `https://tiki.vn/p/${i}`,
    ),
    itemId: id(19),
  })
  .map(({ form, itemId }) => ({
    link: form(itemId),
    query: '',
    marketplace: form('1').includes('tiki') ? 'tiki' : 'tiktok',
    ids: { itemId } as Planted['ids'],
  }));
const NUMERIC_ID_PRODUCT = fc.oneof(numericIdProduct, numericIdOtherProduct);

const PRODUCT = fc.oneof(
  { weight: 5, arbitrary: shopeeProduct },
  { weight: 1, arbitrary: lazadaProduct },
  { weight: 1, arbitrary: tikiProduct },
  { weight: 1, arbitrary: tiktokProduct },
  { weight: 1, arbitrary: wrappedShopee },
  { weight: 1, arbitrary: NUMERIC_ID_PRODUCT },
);

// ---------------------------------------------------------------- contexts

type Context = (raw: string) => [before: string, after: string];
const html = (link: string) => link.replace(/&(?!amp;)/g, '&amp;');

/** Where posts, pages and messages put links, and the punctuation they glue after them. */
const CONTEXT = fc.constantFrom<[name: string, context: Context, toRaw: (link: string) => string]>(
  ['plain', () => ['', ''], (link) => link],
  ['Markdown link', () => ['[Áo hoodie 🔥](', ')'], (link) => link],
  ['href with "', () => ['<a href="', '" target="_blank">Xem</a>'], html],
  ["href with '", () => ["<a href='", "'>Xem</a>"], html],
  ['href with \\"', () => ['<a href=\\"', '\\">Xem</a>'], html],
  ['angle brackets', () => ['<', '>'], (link) => link],
  ['parentheses', () => ['(', ')'], (link) => link],
  ['full-width parentheses', () => ['（', '）'], (link) => link],
  ['CJK brackets', () => ['【', '】'], (link) => link],
  ['curly quotes', () => ['“', '”'], (link) => link],
  ['trailing period', () => ['', '.'], (link) => link],
  ['trailing exclamation marks', () => ['', '!!!'], (link) => link],
  ['trailing ellipsis', () => ['', '…'], (link) => link],
  ['trailing comma and word', () => ['', ', giá sốc'], (link) => link],
  ['trailing CJK full stop', () => ['', '。'], (link) => link],
  ['trailing emoji', () => ['👉', '🔥'], (link) => link],
  // HTML from editors, CMS dumps and spreadsheet pastes: character references glued around the link.
  ['&nbsp; in a paragraph', () => ['<p>Link mua:&nbsp;', '&nbsp;</p>'], html],
  ['&quot; in a spreadsheet paste', () => ['&quot;', '&quot;'], html],
  ['an escaped anchor', () => ['&lt;a href=&quot;', '&quot;&gt;Mua ngay&lt;/a&gt;'], html],
  ['numeric references', () => ['&#34;', '&#34;&#62;Xem'], html],
  ['&#160; and &#39;', () => ['Mua:&#160;', '&#39;&#160;ngay'], html],
  ['hexadecimal references', () => ['&#x22;', '&#xA0;&#x3C;/td&#x3E;'], html],
  ['&hellip; and &rdquo;', () => ['&ldquo;', '&rdquo;&hellip;'], html],
);

/** Words of scripts written without spaces (and Vietnamese words starting with a non-ASCII letter). */
const GLUED_WORD = fc.constantFrom('ครับ', 'ค่ะ', 'ลดราคา', 'ສິນຄ້າ', 'ទិញឥឡូវ', '好物推荐', '限定', 'です', 'đây', 'ạ');

/** Never a marketplace link: other sites, look-alike hosts, user-info tricks, e-mail addresses, prices, dates. */
const LABEL = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), { minLength: 1, maxLength: 8 })
  .map((l) => l.join(''));
const NOT_A_MARKETPLACE_LINK = fc.oneof(
  LABEL.map((label) => `https://shopee.vn.${label}.com/Ao-i.1.2`),
  LABEL.map((label) => `${label}-shopee.vn/Ao-i.1.2`),
  LABEL.map((label) => `https://shopee.vn@${label}.com/Ao-i.1.2`),
  LABEL.map((label) => `https://${label}:x@evil.com/?u=shopee.vn/Ao-i.1.2`),
  LABEL.map((label) => `${label}@shopee.vn`),
  LABEL.map((label) => `cskh.${label}@lazada.vn`),
  LABEL.map((label) => `https://shopee.${label}x/Ao-i.1.2`),
  LABEL.map((label) => `https://www.lazada.vn.${label}.net/products/x-i1.html`),
  LABEL.map((label) => `//tiki.vn.${label}.io/x-p1.html`),
  LABEL.map((label) => `https://l.facebook.com/l.php?u=https%3A%2F%2F${label}.com%2FAo-i.1.2`),
  LABEL.map((label) => `https://www.youtube.com/watch?v=${label}`),
  fc.constantFrom('https://s.sh\u043epee.vn/abc', 'https://xn--shope-9ua.vn/Ao-i.1.2', 'https://shopee.cl/x-i.1.2'),
);
const FILLER = fc.oneof(
  { weight: 4, arbitrary: fc.array(WORD, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('12.12', '99.000đ', 'v1.2.3', 'Sale 50%!!!', '🔥🔥', '(hot)', 'Giá…', '【HOT】'),
  },
  { weight: 2, arbitrary: NOT_A_MARKETPLACE_LINK },
);
const SEPARATOR = fc.constantFrom(' ', '\n', '\r\n', '\u200b', ' \u200b ', '\t', '\n\n');

type Piece =
  { kind: 'text'; text: string } | { kind: 'link'; before: string; raw: string; after: string; planted: Planted };

const LINK_PIECE = fc.tuple(PRODUCT, CONTEXT).map(([product, [, context, toRaw]]): Piece => {
  const raw = toRaw(product.link + product.query);
  const [before, after] = context(raw);
  return { kind: 'link', before, raw, after, planted: { raw, marketplace: product.marketplace, ids: product.ids } };
});
/** A product link ending in a numeric id (no query) with a word glued after it: `…/product/1/2ครับ`. */
const GLUED_PIECE = fc.tuple(NUMERIC_ID_PRODUCT, GLUED_WORD).map(([product, word]): Piece => {
  const raw = product.link;
  return {
    kind: 'link',
    before: '',
    raw,
    after: word,
    planted: { raw, marketplace: product.marketplace, ids: product.ids },
  };
});
const PIECES = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: LINK_PIECE },
    { weight: 1, arbitrary: GLUED_PIECE },
    { weight: 3, arbitrary: FILLER.map((text): Piece => ({ kind: 'text', text })) },
  ),
  { minLength: 1, maxLength: 8 },
);

interface Post {
  text: string;
  planted: Array<Planted & { start: number; end: number }>;
}

const POST = fc.tuple(PIECES, fc.array(SEPARATOR, { minLength: 8, maxLength: 8 })).map(([pieces, separators]): Post => {
  let text = '';
  const planted: Post['planted'] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) text += separators[i % separators.length];
    if (piece.kind === 'text') {
      text += piece.text;
      return;
    }
    text += piece.before;
    planted.push({ ...piece.planted, start: text.length, end: text.length + piece.raw.length });
    text += piece.raw + piece.after;
  });
  return { text, planted };
});

// ---------------------------------------------------------------- the properties

/** The marketplace links of a text, as the convert path finds and identifies them. */
function marketplaceLinks(text: string) {
  const isShortLink = (url: string) => marketplaces.identify(url)?.kind === 'short';
  return extractLinks(text, { isShortLink }).flatMap((found) => {
    const parsed = marketplaces.identifyInText(found.url);
    return parsed ? [{ found, parsed }] : [];
  });
}

describe('link extraction, property-based', () => {
  it('finds every planted link once, with its exact span and ids, and changes no character outside the links', () => {
    fc.assert(
      fc.property(POST, ({ text, planted }) => {
        const links = marketplaceLinks(text);
        expect(links.map(({ found }) => [found.url, found.start, found.end])).toEqual(
          planted.map((link) => [link.raw, link.start, link.end]),
        );
        links.forEach(({ found, parsed }, i) => {
          expect(text.slice(found.start, found.end)).toBe(found.url);
          expect(parsed.marketplace).toBe(planted[i].marketplace);
          expect(parsed.kind).toBe('product');
          expect({ shopId: parsed.shopId, itemId: parsed.itemId }).toEqual({ shopId: undefined, ...planted[i].ids });
        });
        // What the convert path writes: each link replaced, everything between the links copied as is.
        const items = links.map(({ found }, index) => ({
          index,
          input: found.url,
          start: found.start,
          end: found.end,
          marketplace: 'x',
          output: '\u0000',
          ok: true,
        }));
        const expected = planted.reduceRight(
          (out, link) => out.slice(0, link.start) + '\u0000' + out.slice(link.end),
          text,
        );
        expect(replaceLinks(text, items)).toBe(expected);
      }),
      PARAMETERS,
    );
  });

  it('removes every click id of the open list from a page and a product, and keeps the voucher signatures', () => {
    fc.assert(
      fc.property(CLICK_ID_TAIL, CLICK_ID_TAIL, QUERY_VALUE, (before, after, keyword) => {
        const page = `https://shopee.vn/search?${before}&keyword=${keyword}&${after}`;
        expect(marketplaces.identifyInText(page)?.canonicalUrl).toBe(`https://shopee.vn/search?keyword=${keyword}`);
        const campaign = `https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?${before}&wh_weex=true&${after}`;
        expect(marketplaces.identifyInText(campaign)?.canonicalUrl).toBe(
          'https://pages.lazada.vn/wow/i/vn/LandingPage/lazmall?wh_weex=true',
        );
        const product = `https://shopee.vn/product/1/2?${before}&gads_t_sig=${keyword}&${after}`;
        expect(marketplaces.identifyInText(product)?.canonicalUrl).toBe(
          `https://shopee.vn/product/1/2?gads_t_sig=${keyword}`,
        );
      }),
      PARAMETERS,
    );
  });

  it('converts nothing that is not a marketplace link', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(NOT_A_MARKETPLACE_LINK, CONTEXT, SEPARATOR), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const text = parts
            .map(([link, [, context, toRaw], separator]) => {
              const [before, after] = context(toRaw(link));
              return before + toRaw(link) + after + separator;
            })
            .join('');
          expect(marketplaceLinks(text).map(({ found }) => found.url)).toEqual([]);
        },
      ),
      PARAMETERS,
    );
  });
});

describe('the plain web link shortcut', () => {
  /** A host of labels (now and then a bad one), then path pieces (now and then one linkify-it reads its own way). */
  const LABEL = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('shopee', 'vn', 'co', 'th', 'a', 'x1', 'WWW', 's', '9', 'xn--p1ai') },
    { weight: 1, arbitrary: fc.constantFrom('-a', 'a-', 'a--b', 'ệ', '', 'a_b', 'a:80', 'a@b') },
  );
  const PATH_PIECE = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('/', '?', '#', '&', '=', 'Ao-Thun', '-i.1.2', '.html', '%20', '_', '~') },
    { weight: 1, arbitrary: fc.constantFrom(':8080', '@', '"', "'", '<', '>', '|', '^', '{', '\\', '`', '//') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('ệ', 'ครับ', '好', '「', '。', '…', '»', '\u200b', 'https://', 'shopee.vn'),
    },
  );
  const WORD_AFTER_SCHEME = fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTPS://', 'hTtP://'),
      fc.array(LABEL, { minLength: 1, maxLength: 4 }),
      fc.array(PATH_PIECE, { maxLength: 10 }),
    )
    .map(([scheme, labels, path]) => scheme + labels.join('.') + path.join(''));

  it('answers exactly what linkify-it answers, whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(WORD_AFTER_SCHEME, (word) => {
        const starts = findSchemeStarts(word);
        const plain = plainWebLink(word, starts);
        if (plain === null) return;
        answered++;
        expect(plain).toEqual(linkifyCandidates(word, starts));
      }),
      { ...PARAMETERS, numRuns: RUNS * 10 },
    );
    // The generator reaches the shortcut often enough for the comparison to mean something.
    expect(answered).toBeGreaterThan(RUNS);
  });

  it('leaves to linkify-it what it cannot answer alone', () => {
    for (const word of [
      'https://shopee.vn:8080/a',
      'https://shopeé.vn/a',
      'https://a.vn/x"y',
      'https://a.vn/b,https://c.vn/d',
      'https://-a.vn/',
      'https://a.vn./x',
    ]) {
      expect(plainWebLink(word, findSchemeStarts(word))).toBeNull();
    }
    expect(plainWebLink('https://shopee.vn/Ao-i.1.2?sp_atk=x&a=b#c', [0])).toEqual([
      { start: 0, end: 41, form: 'scheme' },
    ]);
  });
});
