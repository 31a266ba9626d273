import { htmlTargets } from './html-target';

describe('htmlTargets', () => {
  it('reads og:url, canonical, origin and refresh, in that order of trust', () => {
    const html = `<!doctype html><html><head>
      <meta http-equiv="refresh" content="0; url='https://shopee.vn/refresh-i.1.4'">
      <link rel="origin" href="https://www.lazada.vn/products/x-i1-s2.html">
      <link href="https://shopee.vn/canonical-i.1.3" rel="canonical" />
      <meta content="https://shopee.vn/og-i.1.2?a=1&amp;b=2" property="og:url">
    </head></html>`;
    expect(htmlTargets(html)).toEqual([
      'https://shopee.vn/og-i.1.2?a=1&b=2',
      'https://shopee.vn/canonical-i.1.3',
      'https://www.lazada.vn/products/x-i1-s2.html',
      'https://shopee.vn/refresh-i.1.4',
    ]);
  });

  it.each([
    ['single quotes', "<meta property='og:url' content='https://x.vn/a'>", ['https://x.vn/a']],
    ['unquoted', '<META PROPERTY=og:url CONTENT=https://x.vn/a>', ['https://x.vn/a']],
    ['name= instead of property=', '<meta name="og:url" content="https://x.vn/a">', ['https://x.vn/a']],
    [
      'numeric entities',
      '<link rel="canonical" href="https://x.vn/a?b=1&#38;c=2&#x26;d=3">',
      ['https://x.vn/a?b=1&c=2&d=3'],
    ],
    ['several rel tokens', '<link rel="alternate canonical" href="/relative">', ['/relative']],
    ['refresh without url', '<meta http-equiv="refresh" content="5">', []],
    ['empty content', '<meta property="og:url" content="">', []],
    ['other meta', '<meta property="og:title" content="https://x.vn/a">', []],
    ['no tags', 'plain text https://x.vn/a', []],
  ])('%s', (_name, html, expected) => {
    expect(htmlTargets(html)).toEqual(expected);
  });

  it.each([
    ['unclosed tags', '<meta '.repeat(11_000)],
    ['an unclosed quote', `<link rel="canonical" href="${'x'.repeat(65_000)}`],
    ['unclosed quotes in every tag', `<meta a="${'x'.repeat(4000)}>`.repeat(16)],
    ['names without values', `<meta ${'a'.repeat(4000)}>`.repeat(16)],
    ['equals signs', `<meta ${'a='.repeat(2000)}>`.repeat(16)],
  ])('stays linear on a 64 KB adversarial body: %s', (_name, html) => {
    const started = performance.now();
    htmlTargets(html);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
