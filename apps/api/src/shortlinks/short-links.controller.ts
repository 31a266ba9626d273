import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { CurrentMember } from '@app/auth';
import type { Member } from '@app/members';
import { CustomDomainService, domainView, ShortLinkService } from '@app/shortlinks';
import { OkDto } from '../account/account-responses.dto';
import {
  AddDomainDto,
  ClicksDto,
  ClicksQueryDto,
  CustomDomainResponseDto,
  CustomDomainsDto,
  ShortLinkSearchPageDto,
  ShortLinkSearchQueryDto,
  ShortLinksPageDto,
  ShortLinksQueryDto,
  SubIdsDto,
} from './short-links.dto';
import { SessionController, SessionRead, SessionWrite } from '../session-routes.decorator';

/** The member's short links, their clicks, and custom domains (account area, session + CSRF). */
@SessionController('account', 'unauthenticated: not logged in, or session ended')
export class ShortLinksController {
  constructor(
    private readonly shortLinks: ShortLinkService,
    private readonly domains: CustomDomainService,
  ) {}

  @Get('short-links')
  @SessionRead({
    operationId: 'listShortLinks',
    summary: 'Your short links',
    description: 'Newest first, with click totals (people and bots apart) as of the last click flush.',
    ok: { type: ShortLinksPageDto },
    errors: { 400: 'invalid_request (page or per_page)' },
  })
  async list(@CurrentMember() member: Member, @Query() query: ShortLinksQueryDto) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const { links, total } = await this.shortLinks.list(member.id, page, perPage);
    return { ok: true as const, short_links: links, page, per_page: perPage, total };
  }

  @Get('short-links/search')
  @SessionRead({
    operationId: 'searchShortLinks',
    summary: 'Search your short links',
    description:
      'Your links whose code, target URL or sub id contains `q`, newest first, a page at a time (the link filter of ' +
      'the earnings page: a member may have 100,000 links). The `id` is what `GET /api/analytics?link=` takes.',
    ok: { type: ShortLinkSearchPageDto },
    errors: { 400: 'invalid_request (q, page or per_page)' },
  })
  async search(@CurrentMember() member: Member, @Query() query: ShortLinkSearchQueryDto) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const found = await this.shortLinks.searchRefs(member.id, query.q ?? '', perPage + 1, (page - 1) * perPage);
    return {
      ok: true as const,
      links: found.slice(0, perPage).map(({ id, code, url, domain, target, sub_id }) => ({
        id,
        code,
        url,
        domain,
        target,
        sub_id,
      })),
      page,
      per_page: perPage,
      has_more: found.length > perPage,
    };
  }

  @Get('short-links/clicks')
  @SessionRead({
    operationId: 'getShortLinkClicks',
    summary: 'Clicks per UTC day on your short links',
    description:
      'All your links, or one link (`code`, with `domain` for a custom domain), or the links of one `sub_id`. ' +
      'Zero-filled, oldest first; people (`clicks`) and bots (`bot_clicks`) apart.',
    ok: { type: ClicksDto },
    errors: { 400: 'invalid_request (a filter)' },
  })
  async clicks(@CurrentMember() member: Member, @Query() query: ClicksQueryDto) {
    const days = await this.shortLinks.clicksPerDay(member.id, query.days ?? 30, {
      code: query.code,
      domain: query.code === undefined ? undefined : (query.domain?.toLowerCase() ?? null),
      subId: query.sub_id,
    });
    const total = days.reduce(
      (sum, day) => ({ clicks: sum.clicks + day.clicks, bot_clicks: sum.bot_clicks + day.bot_clicks }),
      { clicks: 0, bot_clicks: 0 },
    );
    return { ok: true as const, days, total };
  }

  @Get('short-links/sub-ids')
  @SessionRead({
    operationId: 'listSubIds',
    summary: 'Your sub ids',
    description: 'Each sub id your short links were made with (`""`: none), with its links and click totals.',
    ok: { type: SubIdsDto },
  })
  async subIds(@CurrentMember() member: Member) {
    return { ok: true as const, sub_ids: await this.shortLinks.subIds(member.id) };
  }

  @Get('domains')
  @SessionRead({
    operationId: 'listDomains',
    summary: 'Your custom domains',
    description: 'With the TXT record to publish and the status.',
    ok: { type: CustomDomainsDto },
  })
  async listDomains(@CurrentMember() member: Member) {
    const domains = await this.domains.list(member.id);
    return { ok: true as const, plan: member.plan, domains: domains.map(domainView) };
  }

  @Post('domains')
  @SessionWrite({
    operationId: 'addDomain',
    summary: 'Add a custom domain (Pro)',
    description:
      'Publish the TXT record `_linkconv.<domain>` with the value shown, and point the domain (CNAME) at the ' +
      'redirector. Checked at once, then periodically; the status is pending, verified or failed.',
    ok: { status: 201, type: CustomDomainResponseDto },
    errors: {
      400: 'invalid_request (field domain)',
      403: 'plan_required or csrf_failed',
      409: 'conflict: already added, or too many domains',
    },
  })
  async addDomain(@CurrentMember() member: Member, @Body() body: AddDomainDto) {
    return { ok: true as const, domain: domainView(await this.domains.add(member, body.domain)) };
  }

  @Post('domains/:id/check')
  @SessionWrite({
    operationId: 'checkDomain',
    summary: 'Check a custom domain now',
    ok: { type: CustomDomainResponseDto },
    errors: { 403: 'csrf_failed', 404: 'not_found' },
  })
  async checkDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    return { ok: true as const, domain: domainView(await this.domains.checkNow(member.id, id)) };
  }

  @Delete('domains/:id')
  @SessionWrite({
    operationId: 'removeDomain',
    summary: 'Remove a custom domain',
    description: 'Its short links stop being served at once on this instance, within a minute on the others.',
    ok: { type: OkDto },
    errors: { 403: 'csrf_failed', 404: 'not_found' },
  })
  async removeDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.domains.remove(member.id, id);
    return { ok: true as const };
  }
}
