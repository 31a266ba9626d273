import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import type { Member } from '@app/members';
import type { Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { LoginService } from './login.service';

export type LoginRequest = Request & { user: Member };

/**
 * passport-local login (`email` + `password` from the JSON body) through the login use-case. Uses its own
 * Passport instance rather than the process-wide one, so several apps in one process (tests) never share a
 * strategy. Sessions are started by the controller (`SessionsService.start`), not by Passport.
 */
@Injectable()
export class LocalAuthGuard implements CanActivate {
  private readonly passport = new Passport();

  constructor(private readonly login: LoginService) {
    this.passport.use(
      'local',
      new LocalStrategy(
        { usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false },
        (req, email, password, done) => {
          login.authenticate(email, password, req.ip).then(
            (member) => done(null, member),
            (error: unknown) => done(error),
          );
        },
      ),
    );
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (Object.keys(req.query ?? {}).length > 0) {
      await this.login.recordRefused(email, req.ip);
      throw new AppException('invalid_request', 'Send the email and password in the JSON body, not the URL');
    }
    return new Promise((resolve, reject) => {
      const authenticate = this.passport.authenticate(
        'local',
        { session: false },
        (error: unknown, member: Member | false) => {
          if (error) return reject(error);
          if (!member) {
            const missing = new AppException('invalid_request', 'Send your email address and password', {
              field: 'email',
            });
            return this.login.recordRefused(email, req.ip).then(
              () => reject(missing),
              () => reject(missing),
            );
          }
          (req as LoginRequest).user = member;
          resolve(true);
        },
      );
      authenticate(req, res, reject);
    });
  }
}
