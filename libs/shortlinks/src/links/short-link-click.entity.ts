import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Clicks on one short link on one UTC day, summed over every redirector instance. */
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
}
