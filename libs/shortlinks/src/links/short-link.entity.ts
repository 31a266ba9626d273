import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * One short link: `code` on `domain` redirects to `target` (an affiliate link to a marketplace). `domain` is
 * `''` for our own short domain (so changing SHORT_LINK_BASE_URL keeps every link) or the member's custom
 * domain. Unique per (domain, code); one row per (member, domain, target) (a unique index on
 * `md5(target)`), so converting the same link again reuses the code. Its clicks are counted apart, by the
 * batched click flush, per day in `short_link_clicks` (narrow rows, so a click never rewrites this wide one);
 * totals are sums of those.
 */
@Entity({ name: 'short_links' })
@Unique('UQ_short_links_domain_code', ['domain', 'code'])
@Index('IDX_short_links_member_created', ['memberId', 'createdAt'])
@Index('IDX_short_links_member_sub_id', ['memberId', 'subId'])
export class ShortLink {
  /** bigint: a string in JavaScript. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @Column({ type: 'varchar', length: 253 })
  domain!: string;

  @Column({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ type: 'text' })
  target!: string;

  /** The sub ids the link was made with, joined with `-` (`''`: none), for clicks per sub id. */
  @Column({ name: 'sub_id', type: 'varchar', length: 300, default: '' })
  subId!: string;

  /**
   * What the target is, recognised by the marketplace vocabulary when the link is made (`ShortLinkTargetFacts`):
   * the analytics attribute orders and clicks by these, never by parsing the target again. Null: not recognised.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  marketplace!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  region!: string | null;

  @Column({ name: 'affiliate_id', type: 'varchar', length: 100, nullable: true })
  affiliateId!: string | null;

  @Column({ name: 'shop_id', type: 'varchar', length: 64, nullable: true })
  shopId!: string | null;

  @Column({ name: 'item_id', type: 'varchar', length: 64, nullable: true })
  itemId!: string | null;

  @Column({ name: 'variant_id', type: 'varchar', length: 64, nullable: true })
  variantId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
