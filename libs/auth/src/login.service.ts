import { Injectable, OnModuleInit } from '@nestjs/common';
import { AbuseEvents } from '@app/abuse';
import { AppException } from '@app/common';
import { Member, MembersService, PasswordHasher } from '@app/members';
import { randomBytes } from 'node:crypto';
import { AuthThrottle } from './auth-throttle';

const WRONG_LOGIN = 'The email or password is not correct';

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
    if (typeof email !== 'string' || email.trim() === '' || email.length > 254) {
      throw new AppException('invalid_request', 'Send your email address', { field: 'email' });
    }
    if (typeof password !== 'string' || password === '') {
      throw new AppException('invalid_request', 'Send your password', { field: 'password' });
    }
    await this.throttle.checkLogin(email, ip);
    const member = await this.members.findByEmail(email);
    const matches = await this.passwords.verify(password, member?.passwordHash ?? (await this.dummyHash));
    if (!member || !matches) {
      await this.throttle.recordLoginFailure(email, ip);
      this.abuse.record({ type: 'login_failed', ip, memberId: member?.id ?? null, detail: { context: 'login' } });
      throw new AppException('invalid_credentials', WRONG_LOGIN);
    }
    await this.throttle.recordLoginSuccess(email, ip);
    await this.members.upgradePasswordHash(member, password);
    if (member.disabledAt) throw new AppException('forbidden', 'This account is disabled');
    return member;
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
