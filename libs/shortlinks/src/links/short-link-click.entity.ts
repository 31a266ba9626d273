import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Clicks on one short link on one UTC day, summed over every redirector instance; a link's totals are the sums
 * of its rows. No foreign key (its check cost more than the flush's upsert): a trigger deletes the rows of
 * deleted links (see the ClickTotalsFromDays migration; ClickCounter says what a flush racing it can leave).
 */
@Entity({ name: 'short_link_clicks' })
export class ShortLinkClick {
  @PrimaryColumn({ name: 'short_link_id', type: 'bigint' })
  shortLinkId!: string;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'integer', default: 0 })
  clicks!: number;

  @Column({ name: 'bot_clicks', type: 'integer', default: 0 })
  botClicks!: number;

  /** The day's latest click by a person (bots do not move it). */
  @Column({ name: 'last_click_at', type: 'timestamptz', nullable: true })
  lastClickAt!: Date | null;
}
