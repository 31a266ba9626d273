import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Member } from '@app/members';

/**
 * A server-side session (express-session data). Keyed by the SHA-256 of the session id, so the table never
 * holds a usable cookie value; `member_id` lets every session of a member be ended at once.
 */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ name: 'id_hash', type: 'char', length: 64 })
  idHash!: string;

  /** Null for a pre-login session (it only carries the CSRF token for the login and sign-up forms). */
  @Index()
  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId!: string | null;

  @ManyToOne(() => Member, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: Member;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Idle timeout: pushed forward on use, never past `absolute_expires_at`. */
  @Index()
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Absolute timeout: fixed when the session is created (a login always creates a new session). */
  @Column({ name: 'absolute_expires_at', type: 'timestamptz' })
  absoluteExpiresAt!: Date;
}
