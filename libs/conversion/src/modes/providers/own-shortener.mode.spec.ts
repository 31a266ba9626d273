import { loadNamespace } from '@app/common/testing';
import { ShortLinkService, shortLinksConfig, ShortLinkUrls } from '@app/shortlinks';
import { Marketplaces, type ParsedLink } from '@app/marketplaces';
import { testPrincipal } from '../../testing';
import { failed, LinkOutcome } from '../item-error';
import { AffiliateMode } from './affiliate.mode';
import { OwnShortenerMode } from './own-shortener.mode';

describe('OwnShortenerMode', () => {
  const marketplaces = new Marketplaces();
  const links = ['https://shopee.vn/product/1/2', 'https://shopee.vn/product/1/3', 'https://shopee.vn/product/1/4'].map(
    (url) => marketplaces.identify(url) as ParsedLink,
  );
  const urls = new ShortLinkUrls(loadNamespace(shortLinksConfig, { SHORT_LINK_BASE_URL: 'https://sl.example/' }));

  function mode(affiliateOutcomes: LinkOutcome[]) {
    const affiliate = { convert: async () => affiliateOutcomes } as unknown as AffiliateMode;
    const calls: string[][] = [];
    const shortLinks = {
      shorten: async (_member: string, domain: string, targets: string[]) => {
        expect(domain).toBe('');
        calls.push(targets);
        return new Map(targets.map((target, i) => [target, `Code${i}AB`]));
      },
    } as unknown as ShortLinkService;
    return { provider: new OwnShortenerMode(affiliate, marketplaces, shortLinks, urls), calls };
  }

  it('shortens the affiliate links in one call, keeps per-link failures, refuses non-marketplace targets', async () => {
    const shopee = 'https://s.shopee.vn/an_redir?origin_link=https%3A%2F%2Fshopee.vn%2Fproduct%2F1%2F2&affiliate_id=1';
    const { provider, calls } = mode([
      { ok: true, output: shopee },
      failed('marketplace_not_configured', 'no code'),
      { ok: true, output: 'https://evil.example/phish' },
    ]);
    const outcomes = await provider.convert(links, { principal: testPrincipal(), affiliateId: '1', subIds: [] });
    expect(calls).toEqual([[shopee]]);
    expect(outcomes[0]).toEqual({ ok: true, output: 'https://sl.example/Code0AB' });
    expect(outcomes[1]).toEqual(failed('marketplace_not_configured', 'no code'));
    expect(outcomes[2]).toMatchObject({ ok: false, error: { code: 'invalid_link' } });
  });

  it('does not touch the database when no link is left to shorten', async () => {
    const { provider, calls } = mode([
      failed('not_a_product', 'x'),
      failed('not_a_product', 'y'),
      failed('invalid_link', 'z'),
    ]);
    await provider.convert(links, { principal: testPrincipal(), affiliateId: '1', subIds: [] });
    expect(calls).toEqual([]);
  });
});
