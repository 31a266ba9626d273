import { Body, Get, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiThrottlerGuard,
  CountedWithLinks,
  IpBanGuard,
  RATE_LIMIT_HEADERS,
  RATE_LIMITED_DESCRIPTION,
  RATE_LIMITED_HEADERS,
} from '@app/abuse';
import { CurrentMember, SessionsService } from '@app/auth';
import { ConvertResponseDto, type ConvertReply } from '@app/conversion';
import type { AuthenticatedRequest } from '@app/credentials';
import type { Member } from '@app/members';
import type { Request } from 'express';
import { ConvertUseCase } from '../convert/convert.use-case';
import { AccountConvertDto, ChangePasswordDto, RegenerateDto, SettingsPatchDto } from './account.dto';
import { AccountOverviewDto, CsrfTokenDto, RegeneratedDto, SettingsSavedDto } from './account-responses.dto';
import { AccountService } from './account.service';
import { SessionPrincipalGuard } from './session-principal.guard';
import { SessionController, SessionRead, SessionWrite } from '../session-routes.decorator';

/** The logged-in member's own account: every route acts on the session's member, never on an id from the request. */
@SessionController('account', 'unauthenticated: not logged in, or session ended')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionsService,
    private readonly converter: ConvertUseCase,
  ) {}

  @Get()
  @SessionRead({
    operationId: 'getAccount',
    summary: 'Your account',
    description:
      'Profile, plan, the API key preview and creation date (never the token), pairs still in their grace ' +
      'period, usage this minute (this instance) and today (UTC), short-link quotas and their use, saved settings (secrets as previews) and the ' +
      'CSRF token.',
    ok: { type: AccountOverviewDto },
  })
  async overview(@Req() req: Request, @CurrentMember() member: Member) {
    return this.account.overview(member, await this.sessions.csrfToken(req));
  }

  @Post('credentials/regenerate')
  @SessionWrite({
    operationId: 'regenerateCredentials',
    summary: 'New API key and token',
    description:
      'Needs the password again. The pair in use keeps working `grace_seconds` (0 revokes it now, at most ' +
      '86400). The token is in this response only: it is stored as a keyed hash.',
    ok: { type: RegeneratedDto },
    errors: {
      400: 'invalid_request (password missing, grace_seconds)',
      403: 'wrong_password or csrf_failed',
      429: 'rate_limited (wrong passwords count as failed logins)',
    },
  })
  regenerate(@Req() req: Request, @CurrentMember() member: Member, @Body() body: RegenerateDto) {
    return this.account.regenerate(member, body.password, body.grace_seconds ?? 0, req.ip);
  }

  @Post('convert')
  @UseGuards(IpBanGuard, SessionPrincipalGuard, ApiThrottlerGuard)
  @CountedWithLinks()
  @SessionWrite({
    operationId: 'tryConvert',
    summary: 'Try a conversion (the account page playground)',
    description:
      'The `POST /api/convert` body without credentials, and the same answer: the session is the caller. ' +
      'Counted in your usage and against your rate limits (your current key’s and your account’s), like an API ' +
      'call. Never shows or needs your token.',
    ok: { type: ConvertResponseDto, headers: RATE_LIMIT_HEADERS },
    errors: {
      400: 'invalid_request or invalid_mode',
      403: 'csrf_failed, plan_required or not_configured',
      429: { description: RATE_LIMITED_DESCRIPTION, headers: RATE_LIMITED_HEADERS },
    },
  })
  convert(@Req() req: AuthenticatedRequest, @Body() body: AccountConvertDto): Promise<ConvertReply> {
    return this.converter.respond(body, req.principal, req);
  }

  @Patch('settings')
  @SessionWrite({
    operationId: 'updateSettings',
    summary: 'Save default affiliate id, sub ids and service secrets',
    description:
      'Fields left out are unchanged; null clears one. Secrets are stored encrypted (AES-256-GCM) and come back ' +
      'only as previews such as `abcd…wxyz`.',
    ok: { type: SettingsSavedDto, description: 'The settings as saved' },
    errors: {
      400: 'invalid_request with the field',
      403: 'csrf_failed',
      413: 'payload_too_large: the body is over the limit',
    },
  })
  updateSettings(@CurrentMember() member: Member, @Body() body: SettingsPatchDto) {
    return this.account.updateSettings(member, body);
  }

  @Post('password')
  @SessionWrite({
    operationId: 'changePassword',
    summary: 'Change your password',
    description:
      'Needs the current password. Ends every session of the account (all devices); this browser gets a new ' +
      'session and CSRF token.',
    ok: { type: CsrfTokenDto, description: 'The new session’s CSRF token' },
    errors: {
      400: 'invalid_request (the new password)',
      403: 'wrong_password or csrf_failed',
      429: 'rate_limited (wrong current passwords), with Retry-After',
    },
  })
  changePassword(@Req() req: Request, @CurrentMember() member: Member, @Body() body: ChangePasswordDto) {
    return this.account.changePassword(req, member, body.current_password, body.new_password, req.ip);
  }
}
