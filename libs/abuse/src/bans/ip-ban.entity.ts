import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One ban of a client (IPv4 address or IPv6 /64) after too many wrong API credentials. Rows are kept after
 * they end: they are the ban history that makes repeat bans longer, and the audit trail of admin lifts.
 */
@Entity({ name: 'ip_bans' })
@Index(['ip', 'bannedAt'])
@Index('IDX_ip_bans_active', ['expiresAt'], { where: 'lifted_at IS NULL' })
export class IpBan {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The abuse key: `203.0.113.7` or `2001:db8:1:2::/64`. */
  @Column({ type: 'varchar', length: 64 })
  ip!: string;

  /** 0 for a first ban; n for the n-th earlier ban within IP_BAN_REPEAT_LOOKBACK_HOURS (duration doubles). */
  @Column({ type: 'integer' })
  level!: number;

  @Column({ name: 'duration_seconds', type: 'integer' })
  durationSeconds!: number;

  /** Wrong attempts counted in the window when the ban started. */
  @Column({ type: 'integer' })
  failures!: number;

  @Column({ name: 'banned_at', type: 'timestamptz' })
  bannedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when an admin lifted the ban early. */
  @Column({ name: 'lifted_at', type: 'timestamptz', nullable: true })
  liftedAt!: Date | null;

  /** The admin (member id) who lifted it. */
  @Column({ name: 'lifted_by', type: 'uuid', nullable: true })
  liftedBy!: string | null;
}
