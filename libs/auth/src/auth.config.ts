import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { configNamespace, emptyToUndefined, IntSetting, textSecret, toBool } from '@app/common';

/** Settings of the account area: sessions, sign-up and login limits. */
export class AuthConfig {
  /**
   * Signs the session cookie. Required with `DATABASE_URL` (shared by every instance); in embedded
   * mode generated once into `DATA_DIR/session-secret` (mode 600).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  /**
   * `Secure` flag of the session cookie: `auto` (when the request came over TLS, per `TRUST_PROXY`), `true`,
   * `false`.
   */
  @IsIn(['auto', 'true', 'false'], { message: 'COOKIE_SECURE must be auto, true or false' })
  COOKIE_SECURE: 'auto' | 'true' | 'false' = 'auto';

  /** A session unused this long ends. */
  @IntSetting(1, 10_080)
  SESSION_IDLE_TIMEOUT_MINUTES = 60;

  /** A session ends this long after login, used or not. */
  @IntSetting(1, 720)
  SESSION_ABSOLUTE_TIMEOUT_HOURS = 12;

  /**
   * Whether `POST /account/register` accepts sign-ups (`false`: 403 `registration_closed`; admins create members
   * with the CLI).
   */
  @Transform(toBool)
  @IsBoolean({ message: 'REGISTRATION_OPEN must be true or false' })
  REGISTRATION_OPEN = true;

  /** Sign-ups from one IP (IPv6: one /64) per hour. */
  @IntSetting(1, 100_000)
  REGISTRATIONS_PER_IP_PER_HOUR = 10;

  /**
   * Failed logins (and wrong passwords on regenerate/password change) for one account from one IP within the window
   * before 429.
   */
  @IntSetting(1, 100_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP = 5;

  /** Failed logins from one IP, any account, within the window before 429. */
  @IntSetting(1, 100_000)
  LOGIN_MAX_FAILURES_PER_IP = 20;

  /** The login-failure window. */
  @IntSetting(1, 1440)
  LOGIN_FAILURE_WINDOW_MINUTES = 15;

  /**
   * Failed logins for one account from all IPs together within its window before 429, except for IPs that logged in
   * to it lately.
   */
  @IntSetting(1, 100_000)
  LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;

  /** The window of the per-account limit. */
  @IntSetting(1, 1440)
  LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES = 15;

  /** How long an IP that logged in to an account is spared that account's per-account limit. */
  @IntSetting(1, 365)
  LOGIN_KNOWN_IP_DAYS = 30;

  /** The `secure` option of the session cookie, in the form express-session wants. */
  get cookieSecure(): boolean | 'auto' {
    return this.COOKIE_SECURE === 'auto' ? 'auto' : this.COOKIE_SECURE === 'true';
  }
}

export const authConfig = configNamespace('auth', AuthConfig, {
  secrets: [textSecret('SESSION_SECRET', 'session-secret')],
});
