import { Body, Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CsrfGuard,
  CsrfProtected,
  LocalAuthGuard,
  type LoginRequest,
  PreLoginCsrf,
  RegistrationGate,
  RegistrationService,
  SessionsService,
} from '@app/auth';
import { Audited } from '@app/audit';
import type { Request, Response } from 'express';
import { CsrfTokenDto, OkDto, SessionStartedDto } from './account-responses.dto';
import { LoginDto, RegisterDto } from './account.dto';
import { memberJson } from '../presenters/member.presenters';
import { SessionRead, SessionWrite } from '../session-routes.decorator';

const CSRF_HEADER = 'The token from GET /account/csrf (or the login response)';

/** Sign-up, login, logout and the CSRF token: the account routes that work without being logged in. */
@ApiTags('account')
@Audited()
@Controller('account')
export class AuthController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: SessionsService,
    private readonly preLogin: PreLoginCsrf,
  ) {}

  @Get('csrf')
  @SessionRead({
    operationId: 'getCsrfToken',
    security: [],
    summary: 'The CSRF token of this session',
    description:
      "Logged in: the session's token. Before login: a token bound to a pre-login cookie (`lc_sid`, nothing " +
      'stored on the server). Send the token in `X-CSRF-Token` with every POST/PATCH to /account and /admin, ' +
      'login and sign-up included.',
    ok: { type: CsrfTokenDto },
  })
  async csrf(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = req.session?.memberId ? await this.sessions.csrfToken(req) : this.preLogin.issue(req, res);
    return { ok: true, csrf_token: token };
  }

  @Post('register')
  @UseGuards(CsrfGuard, RegistrationGate)
  @SessionWrite({
    csrfHeader: CSRF_HEADER,
    operationId: 'register',
    security: [],
    summary: 'Sign up',
    description:
      'Creates a member (plan free) and logs it in, as a login does: a new session (`lc_sid`) and a new CSRF ' +
      'token in the body. Next: create the API key on the account page.',
    ok: { status: 201, type: SessionStartedDto },
    errors: {
      400: 'invalid_request (email or password)',
      403: 'csrf_failed or registration_closed',
      409: 'conflict: the email is taken',
      429: 'rate_limited (sign-ups per IP per hour)',
    },
  })
  async register(@Req() req: Request, @Body() body: RegisterDto) {
    const member = await this.registration.register(body.email, body.password);
    // Logged in on the spot, through the login's own session start (new session id, CSRF token rotated).
    const csrfToken = await this.sessions.start(req, member, 'sign-up');
    return { ok: true, member: memberJson(member), csrf_token: csrfToken };
  }

  /** `LOGIN_PATH`: a refused login counts as a failed one, even when refused before this route (configureApp). */
  @Post('login')
  @UseGuards(CsrfGuard, LocalAuthGuard)
  @SessionWrite({
    csrfHeader: CSRF_HEADER,
    operationId: 'login',
    security: [],
    summary: 'Log in',
    description:
      'Checks the email and password (passport-local) and starts a new session: a new `lc_sid` cookie and a ' +
      'new CSRF token in the body. An unknown email and a wrong password get the same answer.',
    ok: { type: SessionStartedDto },
    errors: {
      400: 'invalid_request: email or password missing',
      401: 'invalid_credentials',
      403: 'csrf_failed, or forbidden (account disabled)',
      429: 'rate_limited (failed logins), with Retry-After',
    },
  })
  async login(@Req() req: LoginRequest, @Body() _body: LoginDto) {
    const csrfToken = await this.sessions.start(req, req.user, 'login');
    return { ok: true, member: memberJson(req.user), csrf_token: csrfToken };
  }

  @Post('logout')
  @CsrfProtected()
  @SessionWrite({
    csrfHeader: CSRF_HEADER,
    operationId: 'logout',
    security: [],
    summary: 'Log out',
    description: 'Ends this session (its row is deleted, the cookie cleared).',
    ok: { type: OkDto },
    errors: { 403: 'csrf_failed' },
  })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.sessions.end(req, res);
    return { ok: true };
  }
}
