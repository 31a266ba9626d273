import { packTarget, TARGET_FRAGMENTS, unpackTarget } from './packed-target';

/** Targets of the shapes the conversion makes and meets (affiliate redirectors, products, tracking parameters). */
const TARGETS = [
  'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1000%2F123456&affiliate_id=17345510000&sub_id=fb-1',
  'https://shope.ee/an_redir?origin_link=https%3A%2F%2Fshopee.sg%2Fproduct%2F1%2F2&affiliate_id=9&sub_id=x',
  'https://shopee.vn/opaanlp/88201679/1793284627?__mobile__=1&uls_trackid=53c0&utm_campaign=id_x&utm_content=----&utm_medium=affiliates&utm_source=an_17322940169',
  'https://shopee.vn/universal-link/product/88201679/1793284627?utm_source=an_1&deep_and_deferred=1',
  'https://c.lazada.vn/t/c.YParqP?url=https%3A%2F%2Fwww.lazada.vn%2Fproducts%2Fpdp-i204631671-s254952397.html&sub_id1=fb&sub_id2=post1',
  'https://ti.ki/MyPub123/MYCAMP01?TIKI_URI=https%3A%2F%2Ftiki.vn%2Fcareer-up-p1234567.html&utm_term=TAPO.TIKI',
  'https://shop.tiktok.com/vn/pdp/1731975048230963363',
  'https://www.tiktok.com/view/product/1731975048230963363?utm_source=x',
  'https://example.com/',
  'https://shopee.vn/Áo-thun-i.1.2?x=đẹp',
  'http://shopee.vn/',
  '',
];

describe('packTarget / unpackTarget', () => {
  it('has at most 31 fragments, none empty, none repeated, none holding a control character', () => {
    expect(TARGET_FRAGMENTS.length).toBeLessThanOrEqual(31);
    expect(new Set(TARGET_FRAGMENTS).size).toBe(TARGET_FRAGMENTS.length);
    for (const fragment of TARGET_FRAGMENTS) expect(fragment).toMatch(/^[^\u0000-\u001f]+$/);
  });

  it.each(TARGETS)('gives back %s', (target) => {
    expect(unpackTarget(packTarget(target))).toBe(target);
  });

  it('packs an affiliate target to about a third of its length', () => {
    const packed = packTarget(TARGETS[0]);
    expect(packed.length).toBeLessThan(TARGETS[0].length / 2.5);
    expect(packed).not.toContain('https');
  });

  it('leaves a target without known fragments as it is', () => {
    expect(packTarget('ftp://example.org/a?b=c')).toBe('ftp://example.org/a?b=c');
  });

  it('stores a target holding a control character raw, and gives it back', () => {
    const odd = 'https://shopee.vn/a\u0001b\u0000c';
    expect(packTarget(odd)).toBe(`\u0000${odd}`);
    expect(unpackTarget(packTarget(odd))).toBe(odd);
  });

  it('gives back any string built from fragments, their pieces and other characters', () => {
    const pieces = [
      ...TARGET_FRAGMENTS,
      ...TARGET_FRAGMENTS.map((f) => f.slice(0, 5)),
      'a',
      '%',
      '/',
      'đ',
      '?',
      '&',
      '\u0003',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      let target = '';
      for (let n = next() % 8; n >= 0; n--) target += pieces[next() % pieces.length];
      expect(unpackTarget(packTarget(target))).toBe(target);
    }
  });
});
