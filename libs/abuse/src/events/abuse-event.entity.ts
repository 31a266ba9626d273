import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AbuseEventType } from '../abuse.constants';

/**
 * The abuse and audit log: append-only (the service never updates or deletes a row, and a trigger refuses
 * UPDATE and DELETE). `ip` is the client's abuse key (IPv4, or the IPv6 /64); never a full key or token.
 */
@Entity({ name: 'abuse_events' })
@Index(['ip', 'id'])
@Index(['memberId', 'id'])
@Index(['type', 'id'])
@Index(['createdAt'])
export class AbuseEvent {
  /** bigint: strings in JavaScript. Increases with insertion order, so it is the paging cursor. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: AbuseEventType;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId!: string | null;

  /** `sk_AbCd…wXyZ`, only ever for a key of the valid shape. */
  @Column({ name: 'key_preview', type: 'varchar', length: 16, nullable: true })
  keyPreview!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: Record<string, unknown>;

  /** When it happened (not when the buffered row was written). */
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
