import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig, AppException, Clock, ipKeyOf } from '@app/common';
import { normalizeEmail } from '@app/members';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthAttemptKind } from './auth-attempt.entity';

const HOUR_MS = 3_600_000;

function accountKey(email: string): string {
  return createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex');
}

/**
 * Login and sign-up throttling, kept in Postgres (`auth_attempts`) so every instance sees the same counts
 * and a restart does not reset them. Failed logins: LOGIN_MAX_FAILURES_PER_ACCOUNT_IP per account and IP,
 * and LOGIN_MAX_FAILURES_PER_IP per IP, within LOGIN_FAILURE_WINDOW_MINUTES; a success clears the account+IP
 * count. Sign-ups: REGISTRATIONS_PER_IP_PER_HOUR per IP. Over a limit: 429 `rate_limited` with Retry-After.
 */
@Injectable()
export class AuthThrottle {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  private get windowMs(): number {
    return this.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  }

  /** Throws `rate_limited` when this account+IP or this IP has failed too often lately. */
  async checkLogin(email: string, ip: string | undefined): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.windowMs);
    const ipKey = ipKeyOf(ip);
    const [accountIp, anyAccount] = await Promise.all([
      this.nthLatest(
        'login_failure',
        { ipKey, accountKey: accountKey(email) },
        since,
        this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
      ),
      this.nthLatest('login_failure', { ipKey }, since, this.config.LOGIN_MAX_FAILURES_PER_IP),
    ]);
    const blockedUntil = Math.max(
      accountIp ? accountIp.getTime() + this.windowMs : 0,
      anyAccount ? anyAccount.getTime() + this.windowMs : 0,
    );
    if (blockedUntil > now.getTime()) {
      throw new AppException('rate_limited', 'Too many failed logins; try again later', {
        retryAfterSeconds: (blockedUntil - now.getTime()) / 1000,
      });
    }
  }

  recordLoginFailure(email: string, ip: string | undefined): Promise<void> {
    return this.record('login_failure', accountKey(email), ipKeyOf(ip));
  }

  async clearLoginFailures(email: string, ip: string | undefined): Promise<void> {
    await this.db.query(`DELETE FROM auth_attempts WHERE kind = 'login_failure' AND account_key = $1 AND ip_key = $2`, [
      accountKey(email),
      ipKeyOf(ip),
    ]);
  }

  /** Counts one sign-up attempt from this IP, or throws `rate_limited` when the hourly allowance is used up. */
  async admitRegistration(ip: string | undefined): Promise<void> {
    const now = this.clock.now();
    const ipKey = ipKeyOf(ip);
    const limit = this.config.REGISTRATIONS_PER_IP_PER_HOUR;
    const nth = await this.nthLatest('registration', { ipKey }, new Date(now.getTime() - HOUR_MS), limit);
    if (nth) {
      throw new AppException('rate_limited', 'Too many sign-ups from your network; try again later', {
        retryAfterSeconds: (nth.getTime() + HOUR_MS - now.getTime()) / 1000,
      });
    }
    await this.record('registration', null, ipKey);
  }

  /** Deletes attempts older than every window. */
  async prune(): Promise<void> {
    const horizon = Math.max(this.windowMs, HOUR_MS);
    await this.db.query('DELETE FROM auth_attempts WHERE created_at < $1', [
      new Date(this.clock.now().getTime() - horizon),
    ]);
  }

  private async record(kind: AuthAttemptKind, account: string | null, ipKey: string): Promise<void> {
    await this.db.query('INSERT INTO auth_attempts (kind, account_key, ip_key, created_at) VALUES ($1, $2, $3, $4)', [
      kind,
      account,
      ipKey,
      this.clock.now(),
    ]);
  }

  /**
   * The time of the `limit`-th latest matching attempt since `since`, or null when there are fewer: the
   * limit is reached, and lifts when that attempt leaves the window.
   */
  private async nthLatest(
    kind: AuthAttemptKind,
    match: { ipKey: string; accountKey?: string },
    since: Date,
    limit: number,
  ): Promise<Date | null> {
    const params: unknown[] = [kind, match.ipKey, since, limit - 1];
    const accountClause = match.accountKey ? `AND account_key = $${params.push(match.accountKey)}` : '';
    const rows: Array<{ created_at: Date | string }> = await this.db.query(
      `SELECT created_at FROM auth_attempts
        WHERE kind = $1 AND ip_key = $2 AND created_at > $3 ${accountClause}
        ORDER BY created_at DESC OFFSET $4 LIMIT 1`,
      params,
    );
    return rows[0] ? new Date(rows[0].created_at) : null;
  }
}
