import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { ShortLinkTargetFacts } from '../links/short-link-target-policy';

/** Links read and written per statement of the backfill. */
const BATCH = 1000;

/**
 * The marketplace, region, affiliate account and ids of each short link's target, stored with the link when it
 * is made (`ShortLinkService.shorten`). Links made before are filled here by the same recognition (`factsOf`: the
 * marketplace vocabulary the app passes in, never a copy of it), batch by batch in id order; a target it does not
 * recognise (none should exist: only marketplace links are shortened) keeps nulls.
 */
export function shortLinkTargetFactsMigration(
  factsOf: (target: string) => ShortLinkTargetFacts | null,
): new () => MigrationInterface {
  return class ShortLinkTargetFacts1795422000000 implements MigrationInterface {
    name = 'ShortLinkTargetFacts1795422000000';

    public async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(
        `ALTER TABLE "short_links"
           ADD "marketplace" character varying(16),
           ADD "region" character varying(8),
           ADD "affiliate_id" character varying(100),
           ADD "shop_id" character varying(64),
           ADD "item_id" character varying(64),
           ADD "variant_id" character varying(64)`,
      );
      let after = '0';
      for (;;) {
        const rows: Array<{ id: string; target: string }> = await queryRunner.query(
          `SELECT id::text AS id, target FROM short_links WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
          [after],
        );
        if (rows.length === 0) break;
        after = rows[rows.length - 1].id;
        const known = rows.map((row) => ({ id: row.id, facts: factsOf(row.target) })).filter((row) => row.facts);
        if (known.length === 0) continue;
        const column = (pick: (facts: ShortLinkTargetFacts) => string | null) => known.map((row) => pick(row.facts!));
        await queryRunner.query(
          `UPDATE short_links s
              SET marketplace = f.marketplace, region = f.region, affiliate_id = f.affiliate_id,
                  shop_id = f.shop_id, item_id = f.item_id, variant_id = f.variant_id
             FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                  AS f(id, marketplace, region, affiliate_id, shop_id, item_id, variant_id)
            WHERE s.id = f.id`,
          [
            known.map((row) => row.id),
            column((f) => f.marketplace),
            column((f) => f.region),
            column((f) => f.affiliateId),
            column((f) => f.shopId),
            column((f) => f.itemId),
            column((f) => f.variantId),
          ],
        );
      }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(
        `ALTER TABLE "short_links" DROP COLUMN "marketplace", DROP COLUMN "region", DROP COLUMN "affiliate_id",
           DROP COLUMN "shop_id", DROP COLUMN "item_id", DROP COLUMN "variant_id"`,
      );
    }
  };
}
