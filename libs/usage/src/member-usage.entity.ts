import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Member } from '@app/members';

/** Successful `POST /api/convert` calls of one member on one UTC day, summed over every instance. */
@Entity({ name: 'member_usage' })
export class MemberUsage {
  @PrimaryColumn({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @ManyToOne(() => Member, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: Member;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'integer', default: 0 })
  calls!: number;
}
