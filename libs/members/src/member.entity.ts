import type { MemberMarketplaceSettings } from './settings/marketplace-setting-names';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const MEMBER_ROLES = ['member', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_PLANS = ['free', 'pro'] as const;
export type MemberPlan = (typeof MEMBER_PLANS)[number];

@Entity({ name: 'members' })
export class Member {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored trimmed and lower-cased; unique. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 100 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role!: MemberRole;

  @Column({ type: 'varchar', length: 16, default: 'free' })
  plan!: MemberPlan;

  /** Used by convert when a request carries no `affiliate_id`. */
  @Column({ name: 'default_affiliate_id', type: 'varchar', length: 64, nullable: true })
  defaultAffiliateId!: string | null;

  /** Used by convert when a request carries no `sub_ids` (an explicit empty array means none). */
  @Column({ name: 'default_sub_ids', type: 'jsonb', default: () => "'[]'" })
  defaultSubIds!: string[];

  /** Lazada master link code and Tiki TAP codes, for the affiliate formats that need them. */
  @Column({ name: 'marketplace_settings', type: 'jsonb', default: () => "'{}'" })
  marketplaceSettings!: MemberMarketplaceSettings;

  /**
   * Bumped when every session of the member must end (password change, account disabled). A session made
   * under an older version is refused even if its row survived (e.g. a request that was in flight).
   */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
