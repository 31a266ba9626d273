import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];

/**
 * A member's own short domain. Ownership is proved by the TXT record `_linkconv.<domain>` = `token`. A domain
 * may be added by several members (no squatting), but only one can have it verified at a time (a partial
 * unique index on `domain` where `status = 'verified'`).
 */
@Entity({ name: 'custom_domains' })
@Unique('UQ_custom_domains_member_domain', ['memberId', 'domain'])
@Index('IDX_custom_domains_last_checked', ['lastCheckedAt'])
export class CustomDomain {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  /** Lower-case ASCII (punycode) host name, no port, no trailing dot. */
  @Column({ type: 'varchar', length: 253 })
  domain!: string;

  /** The value the member puts in the TXT record. Public by nature (DNS), so not a secret. */
  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: CustomDomainStatus;

  /** Definitive misses (no record, wrong value) in a row; a verified domain fails after a few. */
  @Column({ name: 'failed_checks', type: 'integer', default: 0 })
  failedChecks!: number;

  @Column({ name: 'last_error', type: 'varchar', length: 200, nullable: true })
  lastError!: string | null;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt!: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
