import { MarketplaceTargetPolicy } from '@app/conversion';
import type { DataSource } from 'typeorm';

const policy = new MarketplaceTargetPolicy();

/**
 * A short link written straight into `short_links` (a chosen code, no quota), with what its target is as
 * `ShortLinkService.shorten` stores it (the marketplace vocabulary's facts): answers `[{ id }]` as the INSERT did.
 */
export async function insertShortLink(
  db: DataSource,
  [memberId, code, target, subId]: [string, string, string, string],
): Promise<Array<{ id: string }>> {
  const facts = policy.facts(target);
  return db.query(
    `INSERT INTO short_links (member_id, domain, code, target, sub_id, marketplace, region, affiliate_id, shop_id, item_id, variant_id)
     VALUES ($1, '', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
    [
      memberId,
      code,
      target,
      subId,
      facts?.marketplace ?? null,
      facts?.region ?? null,
      facts?.affiliateId ?? null,
      facts?.shopId ?? null,
      facts?.itemId ?? null,
      facts?.variantId ?? null,
    ],
  );
}
