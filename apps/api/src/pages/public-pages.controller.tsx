import { Body, Controller, Req, Res, UseGuards } from '@nestjs/common';
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
import { LoginDto, RegisterDto } from '../account/account.dto';
import { PAGE } from '../views/navigation';
import { HomePage } from '../views/public/home';
import { LoginPage } from '../views/public/login';
import { SignupPage } from '../views/public/signup';
import { renderPage } from '../views/render';
import { HtmlGet, HtmlPost, PagesController } from './page.decorators';

/**
 * The pages before login (home, sign-up, log-in) and the three session changes their forms make. The forms post
 * JSON (htmx) with the pre-login CSRF token, through the same guards as `POST /account/register` and
 * `/account/login`; success answers `HX-Redirect` to the account.
 */
@PagesController()
@Audited()
@Controller()
export class PublicPagesController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: SessionsService,
    private readonly preLogin: PreLoginCsrf,
  ) {}

  @HtmlGet()
  home(): string {
    return renderPage(<HomePage />);
  }

  @HtmlGet('signup')
  signup(@Req() req: Request, @Res({ passthrough: true }) res: Response): string | void {
    if (req.session?.memberId) return res.redirect(303, PAGE.account);
    return renderPage(<SignupPage csrfToken={this.preLogin.issue(req, res)} />);
  }

  @HtmlGet('login')
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response): string | void {
    if (req.session?.memberId) return res.redirect(303, PAGE.account);
    return renderPage(<LoginPage csrfToken={this.preLogin.issue(req, res)} />);
  }

  @HtmlPost('signup')
  @UseGuards(CsrfGuard, RegistrationGate)
  async register(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: RegisterDto) {
    const member = await this.registration.register(body.email, body.password);
    await this.sessions.start(req, member, 'sign-up');
    res.setHeader('HX-Redirect', PAGE.account);
    return '';
  }

  @HtmlPost('login')
  @UseGuards(CsrfGuard, LocalAuthGuard)
  async logIn(@Req() req: LoginRequest, @Res({ passthrough: true }) res: Response, @Body() _body: LoginDto) {
    await this.sessions.start(req, req.user, 'login');
    res.setHeader('HX-Redirect', PAGE.account);
    return '';
  }

  @HtmlPost('logout')
  @CsrfProtected()
  async logOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.sessions.end(req, res);
    res.setHeader('HX-Redirect', PAGE.login);
    return '';
  }
}
