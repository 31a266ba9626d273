import { bool, configNamespace, int, oneOf, secret, settingsTable, textSecret } from '@app/common';

/** Settings of the account area: sessions, sign-up and login limits. */
export class AuthConfig extends settingsTable({
  /**
   * Signs the session cookie. Required with `DATABASE_URL` (shared by every instance); in embedded
   * mode generated once into `DATA_DIR/session-secret` (mode 600).
   */
  SESSION_SECRET: secret(32),

  /**
   * `Secure` flag of the session cookie: `auto` (when the request came over TLS, per `TRUST_PROXY`), `true`,
   * `false`.
   */
  COOKIE_SECURE: oneOf(['auto', 'true', 'false']).default('auto'),

  /** A session unused this long ends. */
  SESSION_IDLE_TIMEOUT_MINUTES: int(60, 1, 10_080),

  /** A session ends this long after login, used or not. */
  SESSION_ABSOLUTE_TIMEOUT_HOURS: int(12, 1, 720),

  /**
   * Whether `POST /account/register` accepts sign-ups (`false`: 403 `registration_closed`; admins create members
   * with the CLI).
   */
  REGISTRATION_OPEN: bool(true),

  /** Sign-ups from one IP (IPv6: one /64) per hour. */
  REGISTRATIONS_PER_IP_PER_HOUR: int(10, 1, 100_000),

  /**
   * Failed logins (and wrong passwords on regenerate/password change) for one account from one IP within the window
   * before 429.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: int(5, 1, 100_000),

  /** Failed logins from one IP, any account, within the window before 429. */
  LOGIN_MAX_FAILURES_PER_IP: int(20, 1, 100_000),

  /** The login-failure window. */
  LOGIN_FAILURE_WINDOW_MINUTES: int(15, 1, 1440),

  /**
   * Failed logins for one account from all IPs together within its window before 429, except for IPs that logged in
   * to it lately.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(50, 1, 100_000),

  /** The window of the per-account limit. */
  LOGIN_ACCOUNT_FAILURE_WINDOW_MINUTES: int(15, 1, 1440),

  /** How long an IP that logged in to an account is spared that account's per-account limit. */
  LOGIN_KNOWN_IP_DAYS: int(30, 1, 365),
}) {
  /** The `secure` option of the session cookie, in the form express-session wants. */
  get cookieSecure(): boolean | 'auto' {
    return this.COOKIE_SECURE === 'auto' ? 'auto' : this.COOKIE_SECURE === 'true';
  }
}

export const authConfig = configNamespace('auth', AuthConfig, {
  secrets: [textSecret('SESSION_SECRET', 'session-secret')],
});
