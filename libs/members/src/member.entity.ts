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

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
