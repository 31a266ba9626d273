import { Injectable, Logger } from '@nestjs/common';
import { AbuseEvents } from '@app/abuse';
import { LoginService, SessionsService } from '@app/auth';
import { AppException } from '@app/common';
import { isTikiTapCode, lazadaMasterCode } from '@app/marketplaces';
import { CredentialsService, MAX_GRACE_SECONDS } from '@app/credentials';
import {
  Member,
  MEMBER_SECRET_NAMES,
  MembersService,
  MemberSettingsService,
  type MemberSettingsPatch,
} from '@app/members';
import { ShortLinkService } from '@app/shortlinks';
import { UsageService } from '@app/usage';
import type { Request } from 'express';
import { memberJson } from '../presenters/member.presenters';
import type { SettingsPatchDto } from './account.dto';

/** The account area's use-cases for the logged-in member; each acts on that member only. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly members: MembersService,
    private readonly settings: MemberSettingsService,
    private readonly credentials: CredentialsService,
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
    private readonly usage: UsageService,
    private readonly abuse: AbuseEvents,
    private readonly shortLinks: ShortLinkService,
  ) {}

  async overview(member: Member, csrfToken: string) {
    const [pairs, usage, settings, shortLinks] = await Promise.all([
      this.credentials.summary(member.id),
      this.usage.figures(member.id),
      this.settings.view(member.id),
      this.shortLinks.quotaUsage(member.id, member.plan),
    ]);
    return {
      ok: true as const,
      member: memberJson(member),
      credential: pairs.current ? { key_preview: pairs.current.keyPreview, created_at: pairs.current.createdAt } : null,
      expiring_credentials: pairs.expiring.map((pair) => ({
        key_preview: pair.keyPreview,
        created_at: pair.createdAt,
        expires_at: pair.expiresAt,
      })),
      usage: { this_minute: usage.thisMinute, today: usage.today, short_links: shortLinks },
      settings,
      csrf_token: csrfToken,
    };
  }

  /**
   * A new key/token pair after a fresh password check; the pairs in use keep working `graceSeconds`
   * (0 revokes them now). The only response that ever carries the token.
   */
  async regenerate(member: Member, password: string, graceSeconds: number, ip: string | undefined) {
    await this.login.confirmPassword(member, password, ip);
    return this.issue(member, graceSeconds, ip);
  }

  /**
   * The member's first pair, with no password prompt: they have just signed up or logged in, and there is no key
   * yet to take over. Once a key exists, a new pair is a regeneration (password needed again).
   */
  async firstKey(member: Member, ip: string | undefined) {
    const pairs = await this.credentials.summary(member.id);
    if (pairs.current || pairs.expiring.length > 0) {
      throw new AppException('conflict', 'You already have an API key: regenerate it with your password');
    }
    return this.issue(member, 0, ip);
  }

  private async issue(member: Member, graceSeconds: number, ip: string | undefined) {
    const grace = Math.max(0, Math.min(MAX_GRACE_SECONDS, graceSeconds));
    const pair = await this.credentials.issue(member.id, grace);
    this.logger.log({ memberId: member.id, graceSeconds: grace }, 'API credentials regenerated');
    this.abuse.record({
      type: 'credential_regenerated',
      ip,
      memberId: member.id,
      keyPreview: pair.credential.keyPreview,
      detail: { grace_seconds: grace },
    });
    return {
      ok: true as const,
      api_key: pair.apiKey,
      api_token: pair.apiToken,
      key_preview: pair.credential.keyPreview,
      created_at: pair.credential.createdAt,
      grace_seconds: grace,
    };
  }

  async updateSettings(member: Member, body: SettingsPatchDto) {
    const patch: MemberSettingsPatch = { secrets: {} };
    if (body.affiliate_id !== undefined) patch.affiliateId = body.affiliate_id;
    if (body.sub_ids !== undefined) patch.subIds = body.sub_ids ?? [];
    patch.marketplace = marketplacePatch(body);
    for (const name of MEMBER_SECRET_NAMES) {
      if (body[name] !== undefined) patch.secrets![name] = body[name];
    }
    // Emits MemberChanged once saved: the defaults travel with verified API credentials, whose cache is dropped.
    await this.settings.update(member.id, patch);
    return { ok: true as const, settings: await this.settings.view(member.id) };
  }

  /**
   * New password after a check of the current one; every session of the member ends (all devices), and this
   * request gets a new logged-in session. Returns the new session's CSRF token.
   */
  async changePassword(req: Request, member: Member, current: string, next: string, ip: string | undefined) {
    await this.login.confirmPassword(member, current, ip, 'current_password');
    const updated = await this.members.setPassword(member.id, next);
    await this.sessions.endAll(member.id);
    const csrfToken = await this.sessions.start(req, updated, 'renewed');
    this.logger.log({ memberId: member.id }, 'Password changed; every session ended');
    return { ok: true as const, csrf_token: csrfToken };
  }
}

/**
 * The marketplace codes of a settings patch, normalised and checked the way the adapters read them, so a saved
 * code always builds a link: the Lazada master link is kept as its bare code, Tiki codes as they are (trimmed).
 */
function marketplacePatch(body: SettingsPatchDto): MemberSettingsPatch['marketplace'] {
  const patch: NonNullable<MemberSettingsPatch['marketplace']> = {};
  if (body.lazada_master_code !== undefined) {
    const value = body.lazada_master_code?.trim() || null;
    const code = value === null ? null : lazadaMasterCode(value);
    if (value !== null && code === null) {
      throw new AppException(
        'invalid_request',
        'lazada_master_code must be a LazAffiliates master link (https://c.lazada.vn/t/c.<code>) or its code',
        { field: 'lazada_master_code' },
      );
    }
    patch.lazada_master_code = code;
  }
  for (const name of ['tiki_publisher_code', 'tiki_campaign_code'] as const) {
    if (body[name] === undefined) continue;
    const value = body[name]?.trim() || null;
    if (value !== null && !isTikiTapCode(value)) {
      throw new AppException('invalid_request', `${name} must be 1 to 64 letters, digits, "_" or "-"`, { field: name });
    }
    patch[name] = value;
  }
  return patch;
}
