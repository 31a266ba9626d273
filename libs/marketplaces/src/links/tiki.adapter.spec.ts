import { itKnowsHosts, itReadsLinks, pageAt, refused, shortAt } from '../testing/link-cases';
import { LinkIdentifier } from './link-identifier';
import { TikiAdapter } from './tiki.adapter';

const adapter = new TikiAdapter();
const identifier = new LinkIdentifier([adapter]);

describe('TikiAdapter', () => {
  itKnowsHosts(adapter, {
    owned: ['tiki.vn', 'www.tiki.vn', 'm.tiki.vn', 'ti.ki'],
    foreign: ['tiki.vn.evil.com', 'tiki.com', 'tka.tiki.vn', 'salt.tikicdn.com', 'www.ti.ki', 'ti.ki.evil.com'],
    shortLinkHosts: [
      ['ti.ki', true],
      ['tiki.vn', false],
    ],
  });

  itReadsLinks(identifier, 'tiki', [
    [
      'product',
      'https://www.tiki.vn/x-p12.html?spid=34&src=a',
      { kind: 'product', itemId: '12', canonicalUrl: 'https://tiki.vn/x-p12.html?spid=34' },
    ],
    ['short link with a campaign', 'https://ti.ki/AVARxdrq/BYFTWCJX', shortAt('https://ti.ki/AVARxdrq/BYFTWCJX')],
    ['short link with one code', 'https://ti.ki/beautyx12', { kind: 'short' }],
    ['short link too deep', 'https://ti.ki/a/b/c', refused('invalid_link')],
    [
      'TAP link with a foreign target',
      `https://ti.ki/a/B?TIKI_URI=${encodeURIComponent('https://evil.com/x-p1.html')}`,
      refused('invalid_link'),
    ],
    ['TAP link with an empty target', 'https://ti.ki/a/B?TIKI_URI=', refused('invalid_link')],
    [
      'category page',
      'https://tiki.vn/dien-thoai-may-tinh-bang/c1789?src=c.1789',
      pageAt('https://tiki.vn/dien-thoai-may-tinh-bang/c1789'),
    ],
    ['search page', 'https://tiki.vn/search?q=iphone&_lc=x', pageAt('https://tiki.vn/search?q=iphone')],
    ['account page', 'https://tiki.vn/customer/account', refused('not_a_product')],
    ['deep unknown path', 'https://tiki.vn/a/b/c', refused('not_a_product')],
  ]);

  it('builds TAP links only with both codes', () => {
    const link = identifier.identify('https://tiki.vn/p/1')!;
    const settings = { tikiPublisherCode: 'pub', tikiCampaignCode: 'CAMP' };
    expect(
      adapter.buildAffiliateLink(link, { affiliateId: 'x', subIds: ['a'], marketplaceSettings: settings }),
    ).toEqual({
      ok: true,
      url: 'https://ti.ki/pub/CAMP?TIKI_URI=https%3A%2F%2Ftiki.vn%2Fp%2F1&utm_term=TAPO.TIKI',
    });
    for (const partial of [
      {},
      { tikiPublisherCode: 'pub' },
      { tikiCampaignCode: 'CAMP' },
      { ...settings, tikiCampaignCode: 'a/b' },
    ]) {
      expect(
        adapter.buildAffiliateLink(link, { affiliateId: 'x', subIds: [], marketplaceSettings: partial }),
      ).toMatchObject({
        ok: false,
        code: 'marketplace_not_configured',
      });
    }
  });
});
