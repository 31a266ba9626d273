import { Clock } from '@app/common';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { InMemoryResolvedLinkStore, TableShortLinkResolver, TEST_RESOLVER_OPTIONS } from '../testing';
import { ShortLinkResolutionService } from './short-link-resolution.service';
import type { ShortLinkResolver } from './short-link-resolver';

class ManualClock extends Clock {
  private current = new Date('2026-01-01T00:00:00Z');
  override now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const marketplaces = new Marketplaces();
const short = (raw: string): ParsedLink => {
  const parsed = marketplaces.identify(raw);
  if (parsed?.kind !== 'short') throw new Error(`${raw} is not a short link`);
  return parsed;
};

const TABLE = {
  'https://s.shopee.vn/A': 'https://shopee.vn/opaanlp/1/2?uls_trackid=x',
  'https://s.shopee.vn/B': 'https://shopee.vn/Ao-i.3.4',
  'https://s.shopee.vn/C': 'https://shopee.vn/m/sale',
  'https://s.shopee.vn/Home': 'https://shopee.vn/',
  'https://s.shopee.vn/Video': 'https://sv.shopee.vn/share-video/x',
  'https://s.shopee.vn/Lazada': 'https://www.lazada.vn/products/x-i1-s2.html',
  'https://s.shopee.vn/Short': 'https://vn.shp.ee/x',
  'https://s.shopee.vn/Slow': { failure: 'timeout' as const },
  'https://vt.tiktok.com/V/': 'https://www.tiktok.com/@u/video/1',
};

function setup(options = TEST_RESOLVER_OPTIONS) {
  const resolver = new TableShortLinkResolver(TABLE);
  const store = new InMemoryResolvedLinkStore();
  const clock = new ManualClock();
  const service = new ShortLinkResolutionService(resolver.asResolver(), store, marketplaces, clock, options);
  return { resolver, store, clock, service };
}

describe('ShortLinkResolutionService', () => {
  it('turns landing pages into the links they are, and failures into item errors', async () => {
    const { service } = setup();
    const links = ['A', 'C', 'Home', 'Video', 'Lazada', 'Short', 'Slow', 'Unknown'].map((code) =>
      short(`https://s.shopee.vn/${code}`),
    );
    const outcomes = await service.resolveAll([...links, short('https://vt.tiktok.com/V/')]);
    const summary = [...outcomes].map(([url, outcome]) => [
      url,
      outcome.ok ? outcome.link.canonicalUrl : `${outcome.error.code}: ${outcome.error.message}`,
    ]);
    expect(summary).toEqual([
      ['https://s.shopee.vn/A', 'https://shopee.vn/product/1/2'],
      ['https://s.shopee.vn/C', 'https://shopee.vn/m/sale'],
      [
        'https://s.shopee.vn/Home',
        'not_a_product: The short link leads to the Shopee home page (expired or unknown code?)',
      ],
      [
        'https://s.shopee.vn/Video',
        'not_a_product: The short link leads to a page that cannot be converted: Shopee Video share links are not product links',
      ],
      ['https://s.shopee.vn/Lazada', 'resolution_failed: The short link leads outside Shopee'],
      ['https://s.shopee.vn/Short', 'resolution_failed: The short link did not lead to a page'],
      ['https://s.shopee.vn/Slow', 'resolution_failed: The short link did not answer in time'],
      [
        'https://s.shopee.vn/Unknown',
        'resolution_failed: The short link answered with an error (expired or unknown code?)',
      ],
      [
        'https://vt.tiktok.com/V/',
        'not_a_product: The short link leads to a page that cannot be converted: TikTok videos, photos and lives are not products',
      ],
    ]);
  });

  it('resolves each link once: memory first, then one store query, then the network; new results stored in one query', async () => {
    const { service, resolver, store } = setup();
    await service.resolveAll([short('https://s.shopee.vn/A'), short('https://s.shopee.vn/B')]);
    expect(resolver.calls.map((call) => call.shortUrl)).toEqual(['https://s.shopee.vn/A', 'https://s.shopee.vn/B']);
    expect(store.calls).toMatchObject({ findFresh: 1, save: 1 });
    expect([...store.rows.keys()]).toEqual(['https://s.shopee.vn/A', 'https://s.shopee.vn/B']);

    await service.resolveAll([short('https://s.shopee.vn/A'), short('https://s.shopee.vn/B')]);
    expect(resolver.calls).toHaveLength(2);
    expect(store.calls).toMatchObject({ findFresh: 1, save: 1 });
  });

  it('reads what another instance stored, in one query for all the links', async () => {
    const first = setup();
    await first.service.resolveAll([short('https://s.shopee.vn/A'), short('https://s.shopee.vn/B')]);
    const second = new ShortLinkResolutionService(
      new TableShortLinkResolver({}).asResolver(),
      first.store,
      marketplaces,
      first.clock,
      TEST_RESOLVER_OPTIONS,
    );
    const outcomes = await second.resolveAll([short('https://s.shopee.vn/A'), short('https://s.shopee.vn/B')]);
    expect([...outcomes.values()].every((outcome) => outcome.ok)).toBe(true);
    expect(first.store.calls.findFresh).toBe(2);
  });

  it('keeps successes for the success TTL and failures for the failure TTL', async () => {
    const { service, resolver, store, clock } = setup();
    const links = [short('https://s.shopee.vn/A'), short('https://s.shopee.vn/Slow')];
    await service.resolveAll(links);
    expect(store.rows.get('https://s.shopee.vn/Slow')!.expiresAt.getTime() - clock.now().getTime()).toBe(600_000);
    expect(store.rows.get('https://s.shopee.vn/A')!.expiresAt.getTime() - clock.now().getTime()).toBe(
      7 * 24 * 3600_000,
    );

    clock.advance(600_001);
    await service.resolveAll(links);
    expect(resolver.calls.map((call) => call.shortUrl)).toEqual([
      'https://s.shopee.vn/A',
      'https://s.shopee.vn/Slow',
      'https://s.shopee.vn/Slow',
    ]);

    clock.advance(7 * 24 * 3600_000);
    await service.resolveAll(links);
    expect(resolver.calls).toHaveLength(5);
  });

  it('does not store failures when the failure TTL is 0', async () => {
    const { service, resolver, store } = setup({ ...TEST_RESOLVER_OPTIONS, failureTtlMs: 0 });
    await service.resolveAll([short('https://s.shopee.vn/Slow')]);
    await service.resolveAll([short('https://s.shopee.vn/Slow')]);
    expect(resolver.calls).toHaveLength(2);
    expect(store.rows.size).toBe(0);
  });

  it('resolves at most `concurrency` links at a time', async () => {
    const { service, resolver } = setup({ ...TEST_RESOLVER_OPTIONS, concurrency: 3 });
    const links = Array.from({ length: 12 }, (_, i) => short(`https://s.shopee.vn/N${i}`));
    await service.resolveAll(links);
    expect(resolver.calls).toHaveLength(12);
    expect(resolver.maxConcurrent).toBe(3);
  });

  it('shares a resolution in progress with a concurrent request instead of fetching twice', async () => {
    const { service, resolver, store } = setup();
    resolver.hold();
    const first = service.resolveAll([short('https://s.shopee.vn/A')]);
    const second = service.resolveAll([short('https://s.shopee.vn/A'), short('https://s.shopee.vn/B')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    resolver.release();
    const [a, b] = await Promise.all([first, second]);
    expect(resolver.calls.map((call) => call.shortUrl)).toEqual(['https://s.shopee.vn/A', 'https://s.shopee.vn/B']);
    expect(a.get('https://s.shopee.vn/A')).toEqual(b.get('https://s.shopee.vn/A'));
    expect(store.rows.size).toBe(2);
  });

  it('resolves anyway when the store cannot be read or written', async () => {
    const { service, resolver, store } = setup();
    store.failing = true;
    const outcomes = await service.resolveAll([short('https://s.shopee.vn/A')]);
    expect(outcomes.get('https://s.shopee.vn/A')).toMatchObject({ ok: true });
    expect(resolver.calls).toHaveLength(1);
  });

  it('does not cache short links longer than the key column', async () => {
    const { service, store } = setup();
    const long = short(`https://s.lazada.vn/s.abc?t=${'x'.repeat(2100)}`);
    await service.resolveAll([long]);
    expect(store.rows.size).toBe(0);
    expect(store.calls.findFresh).toBe(0);
  });

  it('purges expired rows at most once an hour', async () => {
    const { service, store, clock } = setup();
    await service.resolveAll([short('https://s.shopee.vn/A')]);
    await service.resolveAll([short('https://s.shopee.vn/B')]);
    expect(store.calls.purgeExpired).toBe(1);
    clock.advance(3600_000);
    await service.resolveAll([short('https://s.shopee.vn/C')]);
    expect(store.calls.purgeExpired).toBe(2);
  });

  it('takes short links only', async () => {
    const { service } = setup();
    await expect(service.resolveAll([marketplaces.identify('https://shopee.vn/Ao-i.1.2')!])).rejects.toThrow(Error);
  });
});

describe('ShortLinkResolutionService request budget', () => {
  it('starts no resolution once the budget is spent; those links fail for this request only', async () => {
    const clock = new ManualClock();
    const resolver = new TableShortLinkResolver(TABLE);
    const slowResolver = {
      resolve: async (shortUrl: string, marketplace: 'shopee') => {
        clock.advance(4000);
        return resolver.resolve(shortUrl, marketplace);
      },
    };
    const store = new InMemoryResolvedLinkStore();
    const service = new ShortLinkResolutionService(
      slowResolver as unknown as ShortLinkResolver,
      store,
      marketplaces,
      clock,
      { ...TEST_RESOLVER_OPTIONS, concurrency: 1, requestBudgetMs: 10_000 },
    );
    const links = ['A', 'B', 'C', 'Home'].map((code) => short(`https://s.shopee.vn/${code}`));
    const outcomes = await service.resolveAll(links);
    expect(resolver.calls.map((call) => call.shortUrl)).toEqual([
      'https://s.shopee.vn/A',
      'https://s.shopee.vn/B',
      'https://s.shopee.vn/C',
    ]);
    expect(outcomes.get('https://s.shopee.vn/Home')).toEqual({
      ok: false,
      error: { code: 'resolution_failed', message: expect.stringContaining('not tried') },
    });
    expect([...store.rows.keys()]).not.toContain('https://s.shopee.vn/Home');

    await service.resolveAll(links);
    expect(resolver.calls.map((call) => call.shortUrl)).toContain('https://s.shopee.vn/Home');
  });
});
