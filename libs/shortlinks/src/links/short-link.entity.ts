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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
