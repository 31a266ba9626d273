import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { DataSource } from 'typeorm';
import { type AuditActor, AuditEntry } from './audit-entry.entity';
import { auditConfig, AuditConfig } from './audit.config';
import { addressOf, networkOf, userAgentSummary } from './client-summary';

const DAY_MS = 86_400_000;

/** What a listener records: the rest (address, user agent, time) comes from the request or the clock. */
export interface AuditRecord {
  memberId: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  actor: AuditActor;
  actorId: string | null;
  ip?: string;
  userAgent?: string;
}

/** An entry as the API and the pages show it. */
export interface AuditEntryView {
  id: string;
  member_id: string;
  actor: AuditActor;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

function entryView(row: AuditEntry): AuditEntryView {
  return {
    id: String(row.id),
    member_id: row.memberId,
    actor: row.actor,
    actor_id: row.actorId,
    action: row.action,
    target: row.target,
    details: row.details ?? {},
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** A page position: the last entry seen (time and id), as an opaque string. */
export function encodeCursor(entry: Pick<AuditEntryView, 'created_at' | 'id'>): string {
  return Buffer.from(`${entry.created_at}|${entry.id}`, 'utf8').toString('base64url');
}

/** The cursor's entry, or `invalid_request` when it is not one of ours. */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (extra !== undefined || !id || !/^\d{1,19}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppException('invalid_request', 'cursor is not a cursor this API gave', { field: 'cursor' });
  }
  return { createdAt, id };
}

/**
 * The audit log: records an entry per account action (the listeners call `record`), reads a member's entries
 * newest first (by cursor for the API, by page for the pages), every member's for admins, and deletes what is older
 * than `AUDIT_LOG_RETENTION_DAYS`. Never given a secret: the listeners pass names and ids only.
 */
@Injectable()
export class AuditLog {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(auditConfig.KEY) private readonly config: AuditConfig,
  ) {}

  private get retentionMs(): number {
    return this.config.AUDIT_LOG_RETENTION_DAYS * DAY_MS;
  }

  async record(entry: AuditRecord): Promise<void> {
    const repo = this.db.getRepository(AuditEntry);
    await repo.save(
      repo.create({
        memberId: entry.memberId,
        actor: entry.actor,
        actorId: entry.actorId,
        action: entry.action,
        target: entry.target?.slice(0, 200) ?? null,
        details: entry.details ?? {},
        ip: addressOf(entry.ip),
        userAgent: userAgentSummary(entry.userAgent),
        createdAt: this.clock.now(),
      }),
    );
  }

  /**
   * Remembers the login's network for the member; true when it was not seen within the retention (a new address:
   * the first login ever included).
   */
  async noteLoginNetwork(memberId: string, ip: string | undefined): Promise<boolean> {
    const now = this.clock.now();
    const rows: Array<{ previous: Date | string | null }> = await this.db.query(
      `WITH prev AS (SELECT last_seen_at FROM audit_login_networks WHERE member_id = $1 AND network = $2)
       INSERT INTO audit_login_networks (member_id, network, last_seen_at) VALUES ($1, $2, $3)
       ON CONFLICT (member_id, network) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
       RETURNING (SELECT last_seen_at FROM prev) AS previous`,
      [memberId, networkOf(ip), now],
    );
    const previous = rows[0]?.previous;
    return !previous || new Date(previous).getTime() < now.getTime() - this.retentionMs;
  }

  /** A member's entries, newest first: `limit` of them after `cursor`, and the cursor of the next page (or null). */
  async pageOf(
    memberId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }> {
    const after = cursor ? decodeCursor(cursor) : null;
    const builder = this.db
      .getRepository(AuditEntry)
      .createQueryBuilder('entry')
      .where('entry.member_id = :memberId', { memberId })
      .orderBy('entry.created_at', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .take(limit + 1);
    if (after) {
      builder.andWhere('(entry.created_at, entry.id) < (:at, :id)', { at: after.createdAt, id: after.id });
    }
    const rows = (await builder.getMany()).map(entryView);
    const entries = rows.slice(0, limit);
    return { entries, next_cursor: rows.length > limit ? encodeCursor(entries[entries.length - 1]) : null };
  }

  /** A numbered page of entries, newest first: one member's, or every member's (`memberId` absent: admins). */
  async numberedPage(query: {
    memberId?: string;
    page: number;
    perPage: number;
  }): Promise<{ entries: AuditEntryView[]; total: number }> {
    const builder = this.db
      .getRepository(AuditEntry)
      .createQueryBuilder('entry')
      .orderBy('entry.created_at', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .skip((query.page - 1) * query.perPage)
      .take(query.perPage);
    if (query.memberId) builder.where('entry.member_id = :memberId', { memberId: query.memberId });
    const [rows, total] = await builder.getManyAndCount();
    return { entries: rows.map(entryView), total };
  }

  /** Deletes entries and login networks older than the retention; returns the entries deleted. */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retentionMs);
    const deleted = await this.db
      .getRepository(AuditEntry)
      .createQueryBuilder()
      .delete()
      .where('created_at < :before', { before })
      .execute();
    await this.db.query(`DELETE FROM audit_login_networks WHERE last_seen_at < $1`, [before]);
    return deleted.affected ?? 0;
  }
}
