import { Body, Controller, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { Audited } from '@app/audit';
import { ApiThrottlerGuard, IpBanGuard } from '@app/abuse';
import { CurrentMember, SignedIn } from '@app/auth';
import { AppException } from '@app/common';
import { CONVERT_MODE_NAMES, isConvertMode } from '@app/conversion';
import type { AuthenticatedRequest } from '@app/credentials';
import { type Member, MemberSettingsService } from '@app/members';
import { CustomDomainService, domainView, ShortLinkService } from '@app/shortlinks';
import type { Request, Response } from 'express';
import { ConvertUseCase } from '../convert/convert.use-case';
import { accountPage } from '../pages/frames';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { validated } from '../validation';
import { ClicksSection, linkScope } from '../views/account/clicks';
import { DomainsSection } from '../views/account/domains';
import { KeyArea } from '../views/account/key';
import { ProfileSection } from '../views/account/profile';
import { SettingsGroupCard, SettingsSection } from '../views/account/settings';
import { settingsGroup } from '../views/account/settings-groups';
import { PLAYGROUND_DEFAULTS, PlaygroundResult, PlaygroundSection } from '../views/account/try';
import { UsageSection } from '../views/account/usage';
import type { StatusMessage } from '../views/components';
import { ACCOUNT_SECTIONS, sectionPath } from '../views/navigation';
import { renderPartial } from '../views/render';
import { AccountConvertDto, ChangePasswordDto, RegenerateDto, SettingsPatchDto } from './account.dto';
import { commaList, DomainFormDto, KeyFormDto, PlaygroundFormDto, SettingsFormDto } from './account-pages.dto';
import { AccountService } from './account.service';
import { SessionPrincipalGuard } from './session-principal.guard';

const LINKS_PER_PAGE = 10;

/** `https://host` of this request, for the quickstart's example calls (as the browser reached us). */
function originOf(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

function positiveInt(text: string | undefined, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * The account area's pages (`/dashboard/...`): each section a page in the layout, rendered from the same
 * services as the JSON routes of `/account`; the forms post JSON with htmx and get the section's partial back.
 */
@PagesController()
@Audited()
@Controller('dashboard')
@SignedIn()
export class AccountPagesController {
  constructor(
    private readonly account: AccountService,
    private readonly settings: MemberSettingsService,
    private readonly shortLinks: ShortLinkService,
    private readonly domains: CustomDomainService,
    private readonly converter: ConvertUseCase,
  ) {}

  private async keyArea(req: Request, member: Member, pair?: Parameters<typeof KeyArea>[0]['pair']) {
    const overview = await this.account.overview(member, '');
    return <KeyArea state={overview} origin={originOf(req)} affiliateId={overview.settings.affiliate_id} pair={pair} />;
  }

  @HtmlGet()
  async key(@Req() req: Request, @CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    return accountPage(viewer, 'key', await this.keyArea(req, member));
  }

  /** The first key (no password: nothing to take over yet) or a regeneration (password again). */
  @HtmlPost('key')
  async createKey(@Req() req: Request, @CurrentMember() member: Member, @Body() form: KeyFormDto) {
    const current = (await this.account.overview(member, '')).credential;
    let pair;
    if (current) {
      const body = await validated(RegenerateDto, {
        password: form.password ?? '',
        grace_seconds: Number(form.grace_seconds ?? 0),
      });
      pair = await this.account.regenerate(member, body.password, body.grace_seconds ?? 0, req.ip);
    } else {
      pair = await this.account.firstKey(member, req.ip);
    }
    return renderPartial(
      await this.keyArea(req, member, {
        apiKey: pair.api_key,
        apiToken: pair.api_token,
        first: !current,
        graceSeconds: pair.grace_seconds,
      }),
    );
  }

  @HtmlGet('try')
  async tryIt(@Viewer() viewer: Viewer, @Query('mode') mode?: string) {
    const values = {
      ...PLAYGROUND_DEFAULTS,
      mode: typeof mode === 'string' && isConvertMode(mode) ? mode : 'affiliate',
    };
    return accountPage(viewer, 'try', <PlaygroundSection values={values} modes={CONVERT_MODE_NAMES} />);
  }

  @HtmlPost('try')
  @UseGuards(IpBanGuard, SessionPrincipalGuard, ApiThrottlerGuard)
  async convert(@Req() req: AuthenticatedRequest, @Body() form: PlaygroundFormDto) {
    const subIds = commaList(form.sub_ids);
    const body = await validated(AccountConvertDto, {
      content: form.content,
      mode: form.mode,
      ...(form.affiliate_id?.trim() ? { affiliate_id: form.affiliate_id.trim() } : {}),
      ...(subIds.length > 0 ? { sub_ids: subIds } : {}),
      ...(form.include_product ? { include: ['product'] } : {}),
    });
    const answer = await this.converter.convert(body, req.principal);
    return renderPartial(<PlaygroundResult answer={answer} />);
  }

  @HtmlGet('clicks')
  async clicks(
    @CurrentMember() member: Member,
    @Viewer() viewer: Viewer,
    @Query('page') pageText?: string,
    @Query('scope') scopeText?: string,
  ) {
    const page = positiveInt(pageText, 1, 10_000);
    const scope = typeof scopeText === 'string' && scopeText.length <= 300 ? scopeText : 'all';
    const [{ links, total }, subIds] = await Promise.all([
      this.shortLinks.list(member.id, page, LINKS_PER_PAGE),
      this.shortLinks.subIds(member.id),
    ]);
    const filter = scope.startsWith('code:')
      ? { code: scope.split(':')[1], domain: scope.split(':')[2] || null }
      : scope.startsWith('sub:')
        ? { subId: scope.slice(4) }
        : {};
    const known = scope === 'all' || links.some((link) => linkScope(link) === scope) || scope.startsWith('sub:');
    const days = await this.shortLinks.clicksPerDay(member.id, 30, known ? filter : {});
    const data = { scope: known ? scope : 'all', links, total, page, perPage: LINKS_PER_PAGE, subIds, days };
    return accountPage(viewer, 'clicks', <ClicksSection data={data} />, { charts: true });
  }

  @HtmlGet('usage')
  async usage(@CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    const overview = await this.account.overview(member, '');
    return accountPage(viewer, 'usage', <UsageSection usage={overview.usage} />);
  }

  @HtmlGet('settings')
  async settingsPage(@CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    return accountPage(viewer, 'settings', <SettingsSection settings={await this.settings.view(member.id)} />);
  }

  /** One group's form: its plain fields as typed (empty clears), its secrets when typed (empty keeps), or a Remove. */
  @HtmlPost('settings/:group')
  async saveSettings(@CurrentMember() member: Member, @Param('group') groupId: string, @Body() form: SettingsFormDto) {
    const group = settingsGroup(groupId);
    if (!group) throw new AppException('not_found', 'No such settings group');
    const patch: Record<string, unknown> = {};
    let saved = `${group.title} saved.`;
    if (form.remove !== undefined) {
      const secret = group.secrets.find((item) => item.name === form.remove);
      if (!secret) throw new AppException('invalid_request', 'That setting is not in this group', { field: 'remove' });
      patch[secret.name] = null;
      saved = `${secret.label} removed.`;
    } else {
      for (const field of group.plain) {
        const value = (form[field.name] ?? '').trim();
        patch[field.name] = field.name === 'sub_ids' ? commaList(value) : value || null;
      }
      for (const secret of group.secrets) {
        const value = (form[secret.name] ?? '').trim();
        if (value) patch[secret.name] = value;
      }
    }
    const body = await validated(SettingsPatchDto, patch);
    const { settings } = await this.account.updateSettings(member, body);
    return renderPartial(<SettingsGroupCard group={group} settings={settings} status={{ kind: 'ok', text: saved }} />);
  }

  private async domainsCard(member: Member, status?: StatusMessage) {
    const domains = (await this.domains.list(member.id)).map(domainView);
    return <DomainsSection plan={member.plan} domains={domains} status={status} />;
  }

  @HtmlGet('domains')
  async domainsPage(@CurrentMember() member: Member, @Viewer() viewer: Viewer) {
    return accountPage(viewer, 'domains', await this.domainsCard(member));
  }

  @HtmlPost('domains')
  async addDomain(@CurrentMember() member: Member, @Body() form: DomainFormDto) {
    const domain = domainView(await this.domains.add(member, form.domain));
    return renderPartial(
      await this.domainsCard(member, { kind: 'ok', text: `Added ${domain.domain}: ${domain.status}.` }),
    );
  }

  @HtmlPost('domains/:id/check')
  async checkDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    const domain = domainView(await this.domains.checkNow(member.id, id));
    return renderPartial(await this.domainsCard(member, { kind: 'ok', text: `${domain.domain}: ${domain.status}.` }));
  }

  @HtmlPost('domains/:id/remove')
  async removeDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.domains.remove(member.id, id);
    return renderPartial(await this.domainsCard(member, { kind: 'ok', text: 'Domain removed.' }));
  }

  @HtmlGet('profile')
  async profile(@CurrentMember() member: Member, @Viewer() viewer: Viewer, @Query('changed') changed?: string) {
    const status: StatusMessage | undefined =
      changed === '1' ? { kind: 'ok', text: 'Password changed. Your other sessions have been logged out.' } : undefined;
    return accountPage(
      viewer,
      'profile',
      <ProfileSection
        member={{ email: member.email, plan: member.plan, created_at: member.createdAt }}
        status={status}
      />,
    );
  }

  /** A new password ends every session: this browser's new one has a new CSRF token, so the page is reloaded. */
  @HtmlPost('password')
  async changePassword(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentMember() member: Member,
    @Body() body: ChangePasswordDto,
  ) {
    await this.account.changePassword(req, member, body.current_password, body.new_password, req.ip);
    res.setHeader('HX-Redirect', `${sectionPath(ACCOUNT_SECTIONS, 'profile')}?changed=1`);
    return '';
  }
}
