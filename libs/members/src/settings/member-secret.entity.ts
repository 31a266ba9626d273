import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Member } from '../member.entity';
import type { MemberSecretName } from './member-secret-names';

/**
 * One per-member secret setting (marketplace app credentials, shortener tokens), encrypted with
 * AES-256-GCM under SETTINGS_ENCRYPTION_KEY (`v1:<iv>:<tag>:<ciphertext>`). Never returned in full.
 */
@Entity({ name: 'member_secrets' })
export class MemberSecret {
  @PrimaryColumn({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @ManyToOne(() => Member, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: Member;

  /** One of `MEMBER_SECRET_NAMES`. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name!: MemberSecretName;

  @Column({ name: 'encrypted_value', type: 'text' })
  encryptedValue!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
