import { Injectable, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { ipKeyOf } from '@app/abuse';
import { normalizeEmail } from '@app/members';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthAttemptKind } from './auth-attempt.entity';
import { authConfig, AuthConfig } from './auth.config';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Which attempts to count: those of one IP, of one account, or of one account from one IP. */
interface AttemptMatch {
  ipKey?: string;
  accountKey?: string;
}

function accountKey(email: string): string {
  return createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex');
}

/**
 * Login and sign-up throttling, kept in Postgres (`auth_attempts`) so every instance sees the same counts
 * and a restart does not reset them. Failed logins: LOGIN_MAX_FAILURES_PER_ACCOUNT_IP per account and IP,
 * and LOGIN_MAX_FAILURES_PER_IP per IP, within LOGIN_FAILURE_WINDOW_MINUTES; LOGIN_MAX_FAILURES_PER_ACCOUNT
 * per account from every IP together within LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES, which does not hold back an
 * IP that logged in to that account within LOGIN_KNOWN_IP_DAYS (so a spray cannot lock the member out of
 * where they usually log in from). A success clears the account+IP count and marks the IP as known for the
 * account. Sign-ups: REGISTRATIONS_PER_IP_PER_HOUR per IP. Over a limit: 429 `rate_limited` with Retry-After.
 */
@Injectable()
export class AuthThrottle {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  private get windowMs(): number {
    return this.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  }

  private get accountWindowMs(): number {
    return this.config.LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES * 60_000;
  }

  private get knownIpMs(): number {
    return this.config.LOGIN_KNOWN_IP_DAYS * DAY_MS;
  }

  /**
   * Throws `rate_limited` when this account+IP, this IP, or this account from everywhere failed too often
   * lately; with no usable email (`null`), only the IP's count applies.
   */
  async checkLogin(email: string | null, ip: string | undefined): Promise<void> {
    const now = this.clock.now().getTime();
    const ipKey = ipKeyOf(ip);
    const account = email === null ? null : accountKey(email);
    const failures = (match: AttemptMatch, windowMs: number, limit: number) =>
      this.nthLatest('login_failure', match, new Date(now - windowMs), limit);
    const [accountIp, anyAccount, anyIp] = await Promise.all([
      account && failures({ ipKey, accountKey: account }, this.windowMs, this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP),
      failures({ ipKey }, this.windowMs, this.config.LOGIN_MAX_FAILURES_PER_IP),
      account && failures({ accountKey: account }, this.accountWindowMs, this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT),
    ]);
    const ends = [accountIp, anyAccount].map((at) => (at ? at.getTime() + this.windowMs : 0));
    if (anyIp && !(account && (await this.isKnownIp(account, ipKey, now)))) {
      ends.push(anyIp.getTime() + this.accountWindowMs);
    }
    const blockedUntil = Math.max(...ends);
    if (blockedUntil > now) {
      throw new AppException('rate_limited', 'Too many failed logins; try again later', {
        retryAfterSeconds: (blockedUntil - now) / 1000,
      });
    }
  }

  /** One failed login from this IP, for this account (`null`: no usable email, counted for the IP only). */
  recordLoginFailure(email: string | null, ip: string | undefined): Promise<void> {
    return this.record('login_failure', email === null ? null : accountKey(email), ipKeyOf(ip));
  }

  /** The right password from this IP: clears its failures for the account and keeps it as a known IP. */
  async recordLoginSuccess(email: string, ip: string | undefined): Promise<void> {
    await this.db.query(
      `WITH cleared AS (
         DELETE FROM auth_attempts WHERE kind IN ('login_failure', 'login_success') AND account_key = $1 AND ip_key = $2
       )
       INSERT INTO auth_attempts (kind, account_key, ip_key, created_at) VALUES ('login_success', $1, $2, $3)`,
      [accountKey(email), ipKeyOf(ip), this.clock.now()],
    );
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

  /** Deletes failures and sign-ups older than every window, and known IPs older than LOGIN_KNOWN_IP_DAYS. */
  async prune(): Promise<void> {
    const now = this.clock.now().getTime();
    const horizon = Math.max(this.windowMs, this.accountWindowMs, HOUR_MS);
    await this.db.query(
      `DELETE FROM auth_attempts
        WHERE (kind <> 'login_success' AND created_at < $1) OR (kind = 'login_success' AND created_at < $2)`,
      [new Date(now - horizon), new Date(now - this.knownIpMs)],
    );
  }

  private async record(kind: AuthAttemptKind, account: string | null, ipKey: string): Promise<void> {
    await this.db.query('INSERT INTO auth_attempts (kind, account_key, ip_key, created_at) VALUES ($1, $2, $3, $4)', [
      kind,
      account,
      ipKey,
      this.clock.now(),
    ]);
  }

  private async isKnownIp(account: string, ipKey: string, now: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM auth_attempts
        WHERE kind = 'login_success' AND account_key = $1 AND ip_key = $2 AND created_at > $3 LIMIT 1`,
      [account, ipKey, new Date(now - this.knownIpMs)],
    );
    return rows.length > 0;
  }

  /**
   * The time of the `limit`-th latest matching attempt since `since`, or null when there are fewer: the
   * limit is reached, and lifts when that attempt leaves the window.
   */
  private async nthLatest(
    kind: AuthAttemptKind,
    match: AttemptMatch,
    since: Date,
    limit: number,
  ): Promise<Date | null> {
    const params: unknown[] = [kind, since, limit - 1];
    const clauses = [
      match.ipKey === undefined ? '' : `AND ip_key = $${params.push(match.ipKey)}`,
      match.accountKey === undefined ? '' : `AND account_key = $${params.push(match.accountKey)}`,
    ];
    const rows: Array<{ created_at: Date | string }> = await this.db.query(
      `SELECT created_at FROM auth_attempts
        WHERE kind = $1 AND created_at > $2 ${clauses.join(' ')}
        ORDER BY created_at DESC OFFSET $3 LIMIT 1`,
      params,
    );
    return rows[0] ? new Date(rows[0].created_at) : null;
  }
}
