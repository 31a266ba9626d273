import { Body, Delete, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { CurrentMember } from '@app/auth';
import { ErrorResponseDto } from '@app/common';
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
import { ApiCsrfHeader, SessionController } from '../session-routes.decorator';

/** The member's short links, their clicks, and custom domains (account area, session + CSRF). */
@SessionController('account', 'unauthenticated: not logged in, or session ended')
export class ShortLinksController {
  constructor(
    private readonly shortLinks: ShortLinkService,
    private readonly domains: CustomDomainService,
  ) {}

  @Get('short-links')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listShortLinks',
    summary: 'Your short links',
    description: 'Newest first, with click totals (people and bots apart) as of the last click flush.',
  })
  @ApiOkResponse({ type: ShortLinksPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (page or per_page)' })
  async list(@CurrentMember() member: Member, @Query() query: ShortLinksQueryDto) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const { links, total } = await this.shortLinks.list(member.id, page, perPage);
    return { ok: true as const, short_links: links, page, per_page: perPage, total };
  }

  @Get('short-links/search')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'searchShortLinks',
    summary: 'Search your short links',
    description:
      'Your links whose code, target URL or sub id contains `q`, newest first, a page at a time (the link filter of ' +
      'the earnings page: a member may have 100,000 links). The `id` is what `GET /api/analytics?link=` takes.',
  })
  @ApiOkResponse({ type: ShortLinkSearchPageDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (q, page or per_page)' })
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
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getShortLinkClicks',
    summary: 'Clicks per UTC day on your short links',
    description:
      'All your links, or one link (`code`, with `domain` for a custom domain), or the links of one `sub_id`. ' +
      'Zero-filled, oldest first; people (`clicks`) and bots (`bot_clicks`) apart.',
  })
  @ApiOkResponse({ type: ClicksDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (a filter)' })
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
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listSubIds',
    summary: 'Your sub ids',
    description: 'Each sub id your short links were made with (`""`: none), with its links and click totals.',
  })
  @ApiOkResponse({ type: SubIdsDto })
  async subIds(@CurrentMember() member: Member) {
    return { ok: true as const, sub_ids: await this.shortLinks.subIds(member.id) };
  }

  @Get('domains')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listDomains',
    summary: 'Your custom domains',
    description: 'With the TXT record to publish and the status.',
  })
  @ApiOkResponse({ type: CustomDomainsDto })
  async listDomains(@CurrentMember() member: Member) {
    const domains = await this.domains.list(member.id);
    return { ok: true as const, plan: member.plan, domains: domains.map(domainView) };
  }

  @Post('domains')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiCsrfHeader()
  @ApiOperation({
    operationId: 'addDomain',
    summary: 'Add a custom domain (Pro)',
    description:
      'Publish the TXT record `_linkconv.<domain>` with the value shown, and point the domain (CNAME) at the ' +
      'redirector. Checked at once, then periodically; the status is pending, verified or failed.',
  })
  @ApiCreatedResponse({ type: CustomDomainResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request (field domain)' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'plan_required or csrf_failed' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'conflict: already added, or too many domains' })
  async addDomain(@CurrentMember() member: Member, @Body() body: AddDomainDto) {
    return { ok: true as const, domain: domainView(await this.domains.add(member, body.domain)) };
  }

  @Post('domains/:id/check')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiCsrfHeader()
  @ApiOperation({ operationId: 'checkDomain', summary: 'Check a custom domain now' })
  @ApiOkResponse({ type: CustomDomainResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'csrf_failed' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found' })
  async checkDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    return { ok: true as const, domain: domainView(await this.domains.checkNow(member.id, id)) };
  }

  @Delete('domains/:id')
  @Header('Cache-Control', 'no-store')
  @ApiCsrfHeader()
  @ApiOperation({
    operationId: 'removeDomain',
    summary: 'Remove a custom domain',
    description: 'Its short links stop being served at once on this instance, within a minute on the others.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'csrf_failed' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'not_found' })
  async removeDomain(@CurrentMember() member: Member, @Param('id') id: string) {
    await this.domains.remove(member.id, id);
    return { ok: true as const };
  }
}
