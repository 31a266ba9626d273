import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const AUTH_ATTEMPT_KINDS = ['login_failure', 'login_success', 'registration'] as const;
export type AuthAttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

/**
 * One failed login (or one sign-up), kept for the throttling window; or the latest successful login of an account
 * from an IP (`login_success`), kept LOGIN_KNOWN_IP_DAYS, which exempts that IP from the account's all-IP limit. The account is stored as the SHA-256 of
 * the normalised email, so emails typed by strangers are not collected; the IP as its throttling key
 * (IPv6 grouped by /64).
 */
@Entity({ name: 'auth_attempts' })
@Index(['kind', 'ipKey', 'createdAt'])
@Index(['kind', 'accountKey', 'createdAt'])
export class AuthAttempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: AuthAttemptKind;

  @Column({ name: 'account_key', type: 'char', length: 64, nullable: true })
  accountKey!: string | null;

  @Column({ name: 'ip_key', type: 'varchar', length: 64 })
  ipKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
