import { CanActivate, ExecutionContext, Injectable, Inject } from '@nestjs/common';
import { AppException } from '@app/common';
import { Member, MembersService } from '@app/members';
import type { Request } from 'express';
import { AuthThrottle } from './auth-throttle';
import { authConfig, AuthConfig } from './auth.config';

/** The sign-up use-case: a new `free` member (open and throttled by `RegistrationGate`, which runs first). */
@Injectable()
export class RegistrationService {
  constructor(private readonly members: MembersService) {}

  register(email: string, password: string): Promise<Member> {
    return this.members.create({ email, password });
  }
}

/**
 * The gate of `POST /account/register`, a guard so it runs before the body is turned into a DTO and
 * validated (and long before the bcrypt hash): 403 `registration_closed` when REGISTRATION_OPEN is false, then
 * one sign-up attempt counted per IP (429 past REGISTRATIONS_PER_IP_PER_HOUR), whatever the body holds.
 */
@Injectable()
export class RegistrationGate implements CanActivate {
  constructor(
    private readonly throttle: AuthThrottle,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.REGISTRATION_OPEN) {
      throw new AppException('registration_closed', 'Sign-up is closed; ask an administrator for an account');
    }
    await this.throttle.admitRegistration(context.switchToHttp().getRequest<Request>().ip);
    return true;
  }
}
