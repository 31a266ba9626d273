import { Injectable, OnModuleInit } from '@nestjs/common';
import { AbuseEvents } from '@app/abuse';
import { AppException } from '@app/common';
import { hasUnstorableText } from '@app/http';
import { Member, MembersService, PasswordHasher } from '@app/members';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { AuthThrottle } from './auth-throttle';
import { fromOurOrigin } from './csrf.guard';

const WRONG_LOGIN = 'The email or password is not correct';

/** The login route (`POST`): a request to it refused for any reason counts as a failed login. */
export const LOGIN_PATH = '/account/login';

/** The email of a login attempt when it is one we could count an account by, else null (the IP alone counts). */
function usableEmail(email: unknown): string | null {
  return typeof email === 'string' && email.trim() !== '' && email.length <= 254 && !hasUnstorableText(email)
    ? email
    : null;
}

/**
 * The login use-case: one message and the same work (a lookup, one bcrypt comparison, one throttle write)
 * for an unknown email and a wrong password; failures counted per account+IP, per IP and per account (see
 * `AuthThrottle`), a success clears the account+IP count; a throttled attempt is refused before any bcrypt work.
 */
@Injectable()
export class LoginService implements OnModuleInit {
  /**
   * A real hash (same cost as members' hashes) to compare against when the email is unknown. Made in the
   * background from start-up (bcrypt runs off the main thread): the service listens without waiting for it.
   */
  private dummyHash: Promise<string> = Promise.resolve('');

  constructor(
    private readonly members: MembersService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: AuthThrottle,
    private readonly abuse: AbuseEvents,
  ) {}

  onModuleInit(): void {
    this.dummyHash = this.passwords.hash(randomBytes(24).toString('base64url'));
  }

  /** The member behind an email and password, or `invalid_credentials` / `rate_limited` / `forbidden`. */
  async authenticate(email: unknown, password: unknown, ip: string | undefined): Promise<Member> {
    const account = usableEmail(email);
    await this.throttle.checkLogin(account, ip);
    if (account === null) {
      await this.recordRefused(email, ip);
      throw new AppException('invalid_request', 'Send your email address', { field: 'email' });
    }
    if (typeof password !== 'string' || password === '') {
      await this.recordRefused(email, ip);
      throw new AppException('invalid_request', 'Send your password', { field: 'password' });
    }
    const member = await this.members.findByEmail(account);
    const matches = await this.passwords.verify(password, member?.passwordHash ?? (await this.dummyHash));
    if (!member || !matches) {
      await this.throttle.recordLoginFailure(account, ip);
      this.abuse.record({ type: 'login_failed', ip, memberId: member?.id ?? null, detail: { context: 'login' } });
      throw new AppException('invalid_credentials', WRONG_LOGIN);
    }
    await this.throttle.recordLoginSuccess(account, ip);
    await this.members.upgradePasswordHash(member, password);
    if (member.disabledAt) throw new AppException('forbidden', 'This account is disabled');
    return member;
  }

  /**
   * A login refused before the password was checked (a body or query the request-input pipeline refused, a
   * missing field): counted as a failed login all the same, for the IP, and for the account when the email
   * is usable, so malformed attempts are throttled like wrong passwords.
   */
  async recordRefused(email: unknown, ip: string | undefined): Promise<void> {
    await this.throttle.recordLoginFailure(usableEmail(email), ip);
    this.abuse.record({ type: 'login_failed', ip, memberId: null, detail: { context: 'login_refused' } });
  }

  /**
   * Told about every request the request-input pipeline refuses (`bodyParsing`'s `onRefused`): a refused
   * `POST /account/login` counts as a failed login. Cross-site ones do not (another site's page could
   * otherwise use its visitors' browsers to lock their address out).
   */
  async onRefusedRequest(req: Request): Promise<void> {
    if (req.method !== 'POST' || req.path !== LOGIN_PATH || !fromOurOrigin(req)) return;
    await this.recordRefused((req.body as { email?: unknown } | undefined)?.email, req.ip);
  }

  /**
   * A fresh password check for a sensitive action of a logged-in member (regenerating the API pair, changing
   * the password). Wrong passwords count as failed logins, so a stolen session cannot guess it quickly.
   */
  async confirmPassword(member: Member, password: string, ip: string | undefined, field = 'password'): Promise<void> {
    await this.throttle.checkLogin(member.email, ip);
    if (!(await this.passwords.verify(password, member.passwordHash))) {
      await this.throttle.recordLoginFailure(member.email, ip);
      this.abuse.record({ type: 'login_failed', ip, memberId: member.id, detail: { context: 'password_check' } });
      throw new AppException('wrong_password', 'The password is not correct', { field });
    }
    await this.throttle.recordLoginSuccess(member.email, ip);
    await this.members.upgradePasswordHash(member, password);
  }
}
