import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Member } from '@app/members';

/**
 * An API key/token pair. Only keyed hashes (HMAC-SHA256 with CREDENTIALS_SECRET) are stored, plus a display
 * preview of the key; the token is shown once, when the pair is created.
 */
@Entity({ name: 'credentials' })
export class Credential {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @ManyToOne(() => Member, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: Member;

  @Column({ name: 'key_hash', type: 'char', length: 64, unique: true })
  keyHash!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'key_preview', type: 'varchar', length: 16 })
  keyPreview!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set when the pair stops working at once. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** A key per integration's name; null for the member's main pair. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  /** What the key may do (`SCOPES`); null: every right (the main pair). */
  @Column({ type: 'text', array: true, nullable: true })
  scopes!: string[] | null;

  /** The client addresses the key may be used from (CIDR, comma-separated); null: any. */
  @Column({ name: 'allowed_ips', type: 'varchar', length: 2000, nullable: true })
  allowedIps!: string | null;

  /** Set when a regenerated pair keeps working for a grace period, or a key per integration's expiry. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;
}
