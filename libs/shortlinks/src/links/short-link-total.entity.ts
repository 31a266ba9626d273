import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Click totals of one short link, summed over every day and redirector instance, kept by the click flush. A
 * narrow row of its own (no row until the first click), so counting never rewrites the wide `short_links` row.
 */
@Entity({ name: 'short_link_totals' })
export class ShortLinkTotal {
  @PrimaryColumn({ name: 'short_link_id', type: 'bigint' })
  shortLinkId!: string;

  /** bigint: a string in JavaScript. */
  @Column({ type: 'bigint', default: 0 })
  clicks!: string;

  @Column({ name: 'bot_clicks', type: 'bigint', default: 0 })
  botClicks!: string;

  /** The latest click by a person (bots do not move it). */
  @Column({ name: 'last_click_at', type: 'timestamptz', nullable: true })
  lastClickAt!: Date | null;
}
