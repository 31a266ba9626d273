import { MarketplaceTargetPolicy } from '@app/conversion';
import { OWN_DOMAIN, ShortLinkService, shortLinkMigrations } from '@app/shortlinks';
import { testAppForSuite } from '../support/test-app';

const TH_LINK = `https://s.shopee.co.th/an_redir?origin_link=${encodeURIComponent('https://shopee.co.th/x-i.11.7001')}&affiliate_id=TH1`;
const LAZADA_LINK = `https://c.lazada.vn/t/c.MASTER?url=${encodeURIComponent('https://www.lazada.vn/products/noi-chien-i3001-s3101.html')}`;
/** The facts of TH_LINK's and LAZADA_LINK's short links, as FACTS reads them. */
const TH_FACTS = [
  { marketplace: 'shopee', region: 'th', affiliate_id: 'TH1', shop_id: '11', item_id: '7001', variant_id: null },
];
const LAZADA_FACTS = [
  { marketplace: 'lazada', region: 'vn', affiliate_id: 'MASTER', shop_id: null, item_id: '3001', variant_id: '3101' },
];
const FACTS = `SELECT marketplace, region, affiliate_id, shop_id, item_id, variant_id FROM short_links WHERE id = $1`;

describe('a short link stores what its target is (marketplace, region, account, ids)', () => {
  const t = testAppForSuite({}, { timeout: 180_000 });

  const idOf = async (code: string) =>
    (await t.dataSource.query(`SELECT id::text AS id FROM short_links WHERE domain = '' AND code = $1`, [code]))[0]
      .id as string;

  it('when it is made, by the marketplace vocabulary', async () => {
    const member = await t.createMember();
    const codes = await t.app.get(ShortLinkService).shorten(member.member.id, OWN_DOMAIN, [TH_LINK, LAZADA_LINK], 'fb');
    expect(await t.dataSource.query(FACTS, [await idOf(codes.get(TH_LINK)!)])).toEqual(TH_FACTS);
    expect(await t.dataSource.query(FACTS, [await idOf(codes.get(LAZADA_LINK)!)])).toEqual(LAZADA_FACTS);
  });

  it("stores Shopee's model id and Tiki's seller offer (spid) as the variant", async () => {
    const member = await t.createMember();
    const shopee = `https://s.shopee.vn/an_redir?origin_link=${encodeURIComponent('https://shopee.vn/x-i.111.5001?model_id=90001')}&affiliate_id=VN1`;
    const tiki = 'https://tiki.vn/hoang-tu-be-p166033489.html?spid=166033491';
    const codes = await t.app.get(ShortLinkService).shorten(member.member.id, OWN_DOMAIN, [shopee, tiki], 'fb');
    expect(await t.dataSource.query(FACTS, [await idOf(codes.get(shopee)!)])).toEqual([
      {
        marketplace: 'shopee',
        region: 'vn',
        affiliate_id: 'VN1',
        shop_id: '111',
        item_id: '5001',
        variant_id: '90001',
      },
    ]);
    expect(await t.dataSource.query(FACTS, [await idOf(codes.get(tiki)!)])).toEqual([
      {
        marketplace: 'tiki',
        region: 'vn',
        affiliate_id: null,
        shop_id: null,
        item_id: '166033489',
        variant_id: '166033491',
      },
    ]);
  });

  it('links made before the columns are filled by the migration, with the same recognition', async () => {
    const member = await t.createMember();
    const [{ id: th }] = await t.dataSource.query(
      `INSERT INTO short_links (member_id, domain, code, target, sub_id) VALUES ($1, '', 'OldTh001', $2, 'x') RETURNING id::text AS id`,
      [member.member.id, TH_LINK],
    );
    const [{ id: lazada }] = await t.dataSource.query(
      `INSERT INTO short_links (member_id, domain, code, target, sub_id) VALUES ($1, '', 'OldLz001', $2, 'x') RETURNING id::text AS id`,
      [member.member.id, LAZADA_LINK],
    );
    const [{ id: other }] = await t.dataSource.query(
      `INSERT INTO short_links (member_id, domain, code, target, sub_id) VALUES ($1, '', 'OldXx001', 'https://example.com/x-i.1.2', 'x') RETURNING id::text AS id`,
      [member.member.id],
    );
    expect((await t.dataSource.query(FACTS, [th]))[0].marketplace).toBeNull();

    const Backfill = shortLinkMigrations(new MarketplaceTargetPolicy()).find((m) => /TargetFacts/.test(m.name))!;
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      const migration = new Backfill();
      await migration.down(runner); // the table as it was before the migration
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await t.dataSource.query(FACTS, [th])).toEqual(TH_FACTS);
    expect(await t.dataSource.query(FACTS, [lazada])).toEqual(LAZADA_FACTS);
    expect((await t.dataSource.query(FACTS, [other]))[0].marketplace).toBeNull();
  });
});
