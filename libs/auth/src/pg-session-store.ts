import { Injectable, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock } from '@app/common';
import { Store, type SessionData } from 'express-session';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import './session-data';
import { authConfig, AuthConfig } from './auth.config';

type Callback = (error?: unknown) => void;

/** Sessions are looked up by this digest of their id: the table never holds a usable cookie value. */
export function sessionIdHash(sid: string): string {
  return createHash('sha256').update(sid, 'utf8').digest('hex');
}

/** Idle expiry is pushed forward at most this often per session (saves a write on every request). */
const TOUCH_RESOLUTION_MS = 60_000;

/**
 * The express-session store over the app's TypeORM DataSource (`sessions` table, Postgres or PGlite), so
 * sessions survive restarts and are shared by every instance. Enforces both timeouts itself: `expires_at`
 * (idle, pushed forward on use) and `absolute_expires_at` (fixed at creation).
 */
@Injectable()
export class PgSessionStore extends Store {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {
    super();
  }

  private get idleMs(): number {
    return this.config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000;
  }

  private get absoluteMs(): number {
    return this.config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000;
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.readSession(sid).then(
      (session) => callback(null, session),
      (error) => callback(error),
    );
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    this.writeSession(sid, session).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }

  override touch(sid: string, _session: SessionData, callback?: Callback): void {
    this.extendSession(sid).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db.query('DELETE FROM sessions WHERE id_hash = $1', [sessionIdHash(sid)]).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }

  /** Ends every session of a member (password change, account disabled). */
  async destroyMember(memberId: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE member_id = $1', [memberId]);
  }

  /** Deletes the sessions past either timeout. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE expires_at <= $1', [this.clock.now()]);
  }

  private async readSession(sid: string): Promise<SessionData | null> {
    const rows: Array<{ data: SessionData | string }> = await this.db.query(
      'SELECT data FROM sessions WHERE id_hash = $1 AND expires_at > $2 AND absolute_expires_at > $2',
      [sessionIdHash(sid), this.clock.now()],
    );
    const data = rows[0]?.data;
    if (data === undefined) return null;
    return typeof data === 'string' ? (JSON.parse(data) as SessionData) : data;
  }

  private async writeSession(sid: string, session: SessionData): Promise<void> {
    const now = this.clock.now();
    await this.db.query(
      `INSERT INTO sessions (id_hash, member_id, data, created_at, expires_at, absolute_expires_at)
       VALUES ($1, $2, $3::jsonb, $4, LEAST($5::timestamptz, $6::timestamptz), $6)
       ON CONFLICT (id_hash) DO UPDATE
         SET member_id = EXCLUDED.member_id, data = EXCLUDED.data,
             expires_at = LEAST($5::timestamptz, sessions.absolute_expires_at)`,
      [
        sessionIdHash(sid),
        session.memberId ?? null,
        JSON.stringify(session),
        now,
        new Date(now.getTime() + this.idleMs),
        new Date(now.getTime() + this.absoluteMs),
      ],
    );
  }

  private async extendSession(sid: string): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.idleMs);
    await this.db.query(
      `UPDATE sessions SET expires_at = LEAST($2::timestamptz, absolute_expires_at)
        WHERE id_hash = $1 AND expires_at > $3 AND expires_at < $4`,
      [sessionIdHash(sid), expiresAt, now, new Date(expiresAt.getTime() - TOUCH_RESOLUTION_MS)],
    );
  }
}
