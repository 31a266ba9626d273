import { Clock } from '@app/common';
import { loadNamespace } from '@app/common/testing';
import { conversionConfig } from './conversion.config';
import type { ConvertItem } from './text-conversion';
import { TextConverter } from './text-converter';
import { ConversionWorkers } from './workers/conversion-workers';
import { Marketplaces, normalizeHostname } from '@app/marketplaces';
import {
  LazadaAdapter,
  MarketplaceAdapter,
  ShopeeAdapter,
  TikiAdapter,
  TikTokAdapter,
  unwrapLink,
} from '@app/marketplaces/testing';
import { extractLinks } from './links';
import { MarketplaceSettingsSource } from './marketplace-settings';
import { CONVERT_MODE_NAMES, ConvertMode } from './modes/convert-modes';
import { ModeRegistry } from './modes/mode-registry';
import { AffiliateMode } from './modes/providers/affiliate.mode';
import { LinkGocMode } from './modes/providers/link-goc.mode';
import { UnavailableMode } from './modes/providers/unavailable.mode';
import { ShortLinkResolutionService } from './resolver/short-link-resolution.service';
import { InMemoryResolvedLinkStore, TableShortLinkResolver, TEST_RESOLVER_OPTIONS, testPrincipal } from './testing';
import {
  CORPUS,
  CORPUS_AFFILIATE_ID,
  CORPUS_SETTINGS,
  CORPUS_SHORT_LINKS,
  CORPUS_SUB_IDS,
  CorpusItem,
  Expected,
} from './testing/marketplace-corpus';
import { REAL_WORLD_CORPUS } from './testing/real-world-corpus';

function conversionService(settings = CORPUS_SETTINGS, shortLinks = CORPUS_SHORT_LINKS) {
  const marketplaces = new Marketplaces();
  const registry = new ModeRegistry([
    new AffiliateMode(marketplaces),
    new LinkGocMode(),
    // Every other mode as not built: this spec is about links, not outside services.
    ...CONVERT_MODE_NAMES.filter((mode) => mode !== 'affiliate' && mode !== 'link_goc').map(
      (mode) => new UnavailableMode(mode),
    ),
  ]);
  const resolver = new TableShortLinkResolver(shortLinks);
  const resolution = new ShortLinkResolutionService(
    resolver.asResolver(),
    new InMemoryResolvedLinkStore(),
    marketplaces,
    new Clock(),
    TEST_RESOLVER_OPTIONS,
  );
  const settingsSource: MarketplaceSettingsSource = { forMember: async () => settings };
  const config = loadNamespace(conversionConfig, {});
  const service = new TextConverter(
    marketplaces,
    registry,
    resolution,
    settingsSource,
    config,
    new ConversionWorkers(config, marketplaces),
  );
  return { service, resolver };
}

const convert = (service: TextConverter, text: string, mode: ConvertMode) =>
  service.convert({ content: text, mode, affiliateId: CORPUS_AFFILIATE_ID, subIds: CORPUS_SUB_IDS }, testPrincipal());

function actual(item: ConvertItem): Expected {
  return item.ok ? { output: item.output! } : { error: item.error!.code };
}

describe('marketplace corpus', () => {
  it('holds at least 60 cases covering the four marketplaces', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    const marketplaces = new Set(CORPUS.flatMap((c) => c.items.map((item) => item.marketplace)));
    expect([...marketplaces].sort()).toEqual(['lazada', 'shopee', 'tiki', 'tiktok']);
  });

  describe.each(['link_goc', 'affiliate'] as const)('%s mode', (mode) => {
    const { service } = conversionService();

    it.each(CORPUS.map((c) => [c.name, c] as const))('%s', async (_name, corpusCase) => {
      const result = await convert(service, corpusCase.text, mode);
      const expected = (item: CorpusItem) => (mode === 'link_goc' ? item.linkGoc : item.affiliate);
      expect(result.items.map((item) => [item.input, item.marketplace, actual(item)])).toEqual(
        corpusCase.items.map((item) => [item.input, item.marketplace, expected(item)]),
      );
      for (const item of result.items) expect(corpusCase.text.slice(item.start, item.end)).toBe(item.input);
      expect(result.summary.total).toBe(corpusCase.items.length);
      if (corpusCase.items.length === 0) expect(result.output).toBe(corpusCase.text);
      if (mode === 'link_goc' && corpusCase.linkGocText !== undefined)
        expect(result.output).toBe(corpusCase.linkGocText);
    });
  });

  describe('real texts from public sources', () => {
    it('holds at least 150 texts, each with its source, from every country served', () => {
      expect(REAL_WORLD_CORPUS.length).toBeGreaterThanOrEqual(150);
      for (const text of REAL_WORLD_CORPUS) expect(text.source).toMatch(/^[\w.-]+\/[\w.-]+:\S/);
      const countries = new Set(REAL_WORLD_CORPUS.map((text) => text.country));
      for (const country of ['VN', 'TH', 'ID', 'MY', 'PH', 'SG']) expect(countries).toContain(country);
    });

    describe.each(['link_goc', 'affiliate'] as const)('%s mode', (mode) => {
      // Real short codes lead nowhere known offline: the resolver answers none of them.
      const { service, resolver } = conversionService(CORPUS_SETTINGS, {});

      it.each(REAL_WORLD_CORPUS.map((text, i) => [`${i} ${text.country} ${text.source}`, text] as const))(
        '%s',
        async (_name, realText) => {
          const result = await convert(service, realText.text, mode);
          const expected = (item: CorpusItem) => (mode === 'link_goc' ? item.linkGoc : item.affiliate);
          expect(result.items.map((item) => [item.input, item.marketplace, actual(item)])).toEqual(
            realText.items.map((item) => [item.input, item.marketplace, expected(item)]),
          );
          for (const item of result.items) expect(realText.text.slice(item.start, item.end)).toBe(item.input);
          if (realText.items.every((item) => 'error' in expected(item))) expect(result.output).toBe(realText.text);
        },
      );

      it('fetches only the short links of the texts, never a foreign affiliate link', () => {
        const marketplaces = new Marketplaces();
        const shortLinks = new Set(
          REAL_WORLD_CORPUS.flatMap((text) => text.items).flatMap((item) => {
            const parsed = marketplaces.identifyInText(item.input);
            return parsed?.kind === 'short' ? [parsed.shortUrl!] : [];
          }),
        );
        expect(resolver.calls.length).toBeGreaterThan(0);
        for (const call of resolver.calls) expect(shortLinks).toContain(call.shortUrl);
      });
    });
  });

  describe('each adapter', () => {
    const adapters: MarketplaceAdapter[] = [
      new ShopeeAdapter(),
      new LazadaAdapter(),
      new TikTokAdapter(),
      new TikiAdapter(),
    ];
    // Web links only: app-scheme links (`shopee://`) are rewritten to a web link before any adapter sees them.
    const links = CORPUS.flatMap((c) => extractLinks(c.text).map((found) => ({ url: found.url, c }))).filter(
      (link) => !/^shopee(vn)?:/i.test(link.url),
    );

    it.each(links.map((link) => [link.url, link] as const))('only the owning adapter claims %s', (_url, link) => {
      const expected = link.c.items.find((item) => item.input === link.url)?.marketplace ?? null;
      const host = hostOf(link.url);
      const owners = adapters.filter((adapter) => host !== null && adapter.ownsHost(host)).map((adapter) => adapter.id);
      if (expected) expect(owners).toEqual([expected]);
      else expect(owners.length).toBeLessThanOrEqual(1);
    });
  });

  it('fails Lazada and Tiki affiliate links per item when the member has not set them up', async () => {
    const { service } = conversionService({});
    const text =
      'https://www.lazada.vn/products/pdp-i204631671-s254952397.html https://tiki.vn/p/276665412 ' +
      'https://shopee.vn/Ao-i.1.2 https://shop.tiktok.com/vn/pdp/1731975048230963363';
    const result = await convert(service, text, 'affiliate');
    expect(result.items.map((item) => [item.marketplace, item.ok ? 'ok' : item.error!.code])).toEqual([
      ['lazada', 'marketplace_not_configured'],
      ['tiki', 'marketplace_not_configured'],
      ['shopee', 'ok'],
      ['tiktok', 'unsupported_for_marketplace'],
    ]);
    expect(result.items[0].error!.message).toContain('master link');
    expect(result.output).toContain('https://s.shopee.vn/an_redir?origin_link=');
  });

  it('refuses a malformed Lazada master-link setting instead of building a wrong link', async () => {
    const { service } = conversionService({ lazadaMasterCode: 'https://evil.com/t/c.YParqP' });
    const result = await convert(service, 'https://www.lazada.vn/products/i1-s2.html', 'affiliate');
    expect(result.items[0]).toMatchObject({ ok: false, error: { code: 'marketplace_not_configured' } });
  });

  it('accepts the master-link setting as a bare code or c.<code>', async () => {
    for (const lazadaMasterCode of ['YParqP', 'c.YParqP', ' https://c.lazada.vn/t/c.YParqP?sub_aff_id=x ']) {
      const { service } = conversionService({ lazadaMasterCode });
      const result = await convert(service, 'https://www.lazada.vn/products/i1-s2.html', 'affiliate');
      expect(result.items[0].output).toBe(
        `https://c.lazada.vn/t/c.YParqP?url=${encodeURIComponent('https://www.lazada.vn/products/i1-s2.html')}&sub_id1=fb&sub_id2=post1`,
      );
    }
  });

  it('resolves a short link once however often and however it is written in the text', async () => {
    const { service, resolver } = conversionService();
    const text =
      'https://s.shopee.vn/8pZnE3uF0k s.shopee.vn/8pZnE3uF0k http://S.SHOPEE.VN/8pZnE3uF0k https://s.shopee.vn/8pZnE3uF0k';
    const result = await convert(service, text, 'link_goc');
    expect(result.summary).toEqual({ total: 4, success: 4, failed: 0 });
    expect(resolver.calls).toEqual([{ shortUrl: 'https://s.shopee.vn/8pZnE3uF0k', marketplace: 'shopee' }]);
    await convert(service, text, 'affiliate');
    expect(resolver.calls).toHaveLength(1);
  });

  it('fetches only the short links of the corpus, never a foreign affiliate link', async () => {
    const { service, resolver } = conversionService();
    for (const corpusCase of CORPUS) await convert(service, corpusCase.text, 'link_goc');
    const fetched = new Set(resolver.calls.map((call) => call.shortUrl));
    expect([...fetched].filter((shortUrl) => !(shortUrl in CORPUS_SHORT_LINKS))).toEqual([]);
    expect(fetched.size).toBeGreaterThan(10);
  });

  it('does not resolve short links for a mode that is not built', async () => {
    const { service, resolver } = conversionService();
    const result = await convert(service, 'https://s.shopee.vn/8pZnE3uF0k', 'ext_shortener_1');
    expect(result.items[0]).toMatchObject({ ok: false, error: { code: 'mode_unavailable' } });
    expect(resolver.calls).toHaveLength(0);
  });
});

/** The host of a link as found in text (a wrapped link: the host of the link it wraps; JSON's `\/` read as `/`). */
function hostOf(found: string): string | null {
  try {
    const link = found.replace(/\\\//g, '/');
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(link)
      ? link
      : link.startsWith('//')
        ? `https:${link}`
        : `https://${link}`;
    const url = new URL(absolute.replace(/&amp;/g, '&'));
    return normalizeHostname((unwrapLink(url) ?? url).hostname);
  } catch {
    return null;
  }
}
