import { MarketplaceTargetPolicy } from '@app/conversion';
import type { TestApp } from './test-app';

const policy = new MarketplaceTargetPolicy();

/**
 * A short link of `memberId` written straight into `short_links` (a chosen code, no quota, no conversion), with what
 * its target is as `ShortLinkService.shorten` stores it (the marketplace vocabulary's facts): its id.
 */
export async function insertShortLink(
  t: TestApp,
  memberId: string,
  link: { code: string; target: string; subId: string },
): Promise<string> {
  const facts = policy.facts(link.target);
  const [{ id }] = await t.dataSource.query(
    `INSERT INTO short_links (member_id, domain, code, target, sub_id, marketplace, region, affiliate_id, shop_id, item_id, variant_id)
     VALUES ($1, '', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
    [
      memberId,
      link.code,
      link.target,
      link.subId,
      facts?.marketplace ?? null,
      facts?.region ?? null,
      facts?.affiliateId ?? null,
      facts?.shopId ?? null,
      facts?.itemId ?? null,
      facts?.variantId ?? null,
    ],
  );
  return id as string;
}
