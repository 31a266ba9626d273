import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who did it: the member (session or key), an admin acting on the member's account, or the service itself. */
export type AuditActor = 'member' | 'admin' | 'system';

/**
 * One audited action on a member's account (`audit_entries`): what was done, to what (a key's or an endpoint's id),
 * by whom, from where (address and a user-agent summary), when. `details` holds names and ids only, never a secret,
 * a token or a setting's value.
 */
@Entity({ name: 'audit_entries' })
@Index('IDX_audit_entries_member', ['memberId', 'createdAt', 'id'])
@Index('IDX_audit_entries_created', ['createdAt'])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_audit_entries' })
  id!: string;

  @Column({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @Column({ type: 'varchar', length: 10 })
  actor!: AuditActor;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  target!: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  details!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 120, nullable: true })
  userAgent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
