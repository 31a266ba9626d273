import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The resolution cache: one row per short link (normalised, see `normalizeShortLink`), with where it leads
 * (`resolved_url`, the landing URL as the marketplace sent it, parsed again on every use) or why it could not be
 * resolved (`failure`, a `ResolutionFailure`). Rows past `expires_at` are ignored and purged.
 */
@Entity({ name: 'resolved_links' })
export class ResolvedLink {
  @PrimaryColumn({ name: 'short_url', type: 'varchar', length: 2048 })
  shortUrl!: string;

  @Column({ name: 'resolved_url', type: 'text', nullable: true })
  resolvedUrl!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  failure!: string | null;

  @Column({ name: 'resolved_at', type: 'timestamptz' })
  resolvedAt!: Date;

  @Index()
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
