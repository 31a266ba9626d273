import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Links obtained from outside services, reused so repeated converts do not spend the member's (or our) quota:
 * one row per provider, owner (the member for account-based services, '' for public ones) and key (SHA-256 of
 * the target plus what else shapes the answer: the Shopee app id and sub ids...). Rows past `expires_at` are
 * ignored and purged.
 */
@Entity({ name: 'outbound_links' })
export class OutboundLink {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  provider!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  owner!: string;

  @PrimaryColumn({ name: 'target_hash', type: 'char', length: 64 })
  targetHash!: string;

  @Column({ type: 'text' })
  target!: string;

  @Column({ name: 'short_url', type: 'text' })
  shortUrl!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Index()
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
