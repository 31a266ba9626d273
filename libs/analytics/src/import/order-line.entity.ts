import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * One order line of a member's marketplace report: a Shopee item of an order (per model), a Lazada SKU of a
 * sub-order. Keyed per member and marketplace by `line_key` (`order|item|model`, `order|subOrder|sku`), so an
 * export imported again, or a later overlapping one, updates the line in place (status and amounts) and never
 * adds it twice. Money is `numeric` in the line's own currency. `short_link_id`: the member's short link the
 * order is attributed to (same sub ids, and the same item when several links share them), when there is one.
 */
@Entity({ name: 'order_lines' })
@Unique('UQ_order_lines_member_line', ['memberId', 'marketplace', 'lineKey'])
@Index('IDX_order_lines_member_purchased', ['memberId', 'purchasedAt'])
export class OrderLineRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @Column({ type: 'varchar', length: 16 })
  marketplace!: string;

  @Column({ name: 'line_key', type: 'varchar', length: 200 })
  lineKey!: string;

  @Column({ name: 'order_id', type: 'varchar', length: 64 })
  orderId!: string;

  @Column({ name: 'conversion_id', type: 'varchar', length: 64, default: '' })
  conversionId!: string;

  @Column({ name: 'item_id', type: 'varchar', length: 64 })
  itemId!: string;

  @Column({ name: 'model_id', type: 'varchar', length: 64, default: '' })
  modelId!: string;

  @Column({ name: 'item_name', type: 'text', default: '' })
  itemName!: string;

  @Column({ name: 'shop_id', type: 'varchar', length: 64, default: '' })
  shopId!: string;

  @Column({ name: 'shop_name', type: 'text', default: '' })
  shopName!: string;

  /** unpaid, pending, completed or cancelled. */
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'raw_status', type: 'varchar', length: 100, default: '' })
  rawStatus!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'integer', default: 1 })
  qty!: number;

  @Column({ type: 'numeric', precision: 24, scale: 6 })
  gmv!: string;

  @Column({ type: 'numeric', precision: 24, scale: 6 })
  commission!: string;

  @Column({ name: 'net_commission', type: 'numeric', precision: 24, scale: 6 })
  netCommission!: string;

  /** The sub ids joined with `-`, trailing empty slots dropped (as short links store them). */
  @Column({ name: 'sub_id', type: 'varchar', length: 300, default: '' })
  subId!: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  channel!: string;

  @Column({ name: 'purchased_at', type: 'timestamptz' })
  purchasedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'clicked_at', type: 'timestamptz', nullable: true })
  clickedAt!: Date | null;

  @Column({ name: 'short_link_id', type: 'bigint', nullable: true })
  shortLinkId!: string | null;

  /** The report (`order_reports`: an export imported, or a pull) that last set this line. */
  @Column({ name: 'report_id', type: 'bigint', nullable: true })
  reportId!: string | null;

  /** When that report was made: a report made earlier never overwrites this line. */
  @Column({ name: 'report_made_at', type: 'timestamptz', nullable: true })
  reportMadeAt!: Date | null;

  /** `csv` or `api` (the scheduled pull). */
  @Column({ type: 'varchar', length: 8 })
  source!: string;

  @Column({ name: 'first_seen_at', type: 'timestamptz', default: () => 'now()' })
  firstSeenAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
