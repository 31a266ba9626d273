import { Injectable } from '@nestjs/common';
import { AppConfig, AppException } from '@app/common';
import { Member, MembersService } from '@app/members';
import { AuthThrottle } from './auth-throttle';

/** The sign-up use-case: open or closed by REGISTRATION_OPEN, throttled per IP, then a new `free` member. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly members: MembersService,
    private readonly throttle: AuthThrottle,
    private readonly config: AppConfig,
  ) {}

  async register(email: string, password: string, ip: string | undefined): Promise<Member> {
    if (!this.config.REGISTRATION_OPEN) {
      throw new AppException('registration_closed', 'Sign-up is closed; ask an administrator for an account');
    }
    await this.throttle.admitRegistration(ip);
    return this.members.create({ email, password });
  }
}
