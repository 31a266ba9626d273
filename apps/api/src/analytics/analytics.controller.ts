import { Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type AnalyticsEvent,
  type AnalyticsQuery,
  AnalyticsService,
  ANALYTICS_EVENTS,
  ReportSyncService,
  zonedRange,
} from '@app/analytics';
import { CurrentMember, SignedIn } from '@app/auth';
import { AppException, Clock, ErrorResponseDto } from '@app/common';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import type { Member } from '@app/members';
import type { Request, Response } from 'express';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { AnalyticsQueryDto, AnalyticsResponseDto, SyncQueryDto, SyncStatesDto } from './analytics.dto';
import { analyticsCsv } from './analytics-csv';
import { ApiCsrfHeader } from '../session-routes.decorator';

const DESCRIPTION =
  'Clicks (people and bots apart), orders, GMV and commission by status, net commission, conversion rate and ' +
  'earnings per click, for your links and imported orders, grouped by one dimension, in your time zone. Money is ' +
  'per currency (`amounts`), exact decimal strings. Clicks have no shop; orders have no country, device, browser, ' +
  'OS or referrer (the reports do not say which click an order came from): those figures are null. ' +
  '`format=csv` (or `Accept: text/csv`) gives one line per row and currency.';

/** The figures of the earnings page, for partner servers (key + token) and the account page (session). */
@ApiTags('analytics')
@Controller()
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly syncs: ReportSyncService,
    private readonly clock: Clock,
  ) {}

  @Get('account/analytics/sync')
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  @ApiCookieAuth('session')
  @ApiOperation({
    operationId: 'getReportSyncStates',
    summary: 'State of the scheduled pulls of your order reports (last run, last error in words)',
  })
  @ApiOkResponse({ type: SyncStatesDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
  async syncStates(@CurrentMember() member: Member): Promise<SyncStatesDto> {
    return { ok: true, syncs: await this.syncs.states(member.id) };
  }

  @Post('account/analytics/sync')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  @ApiCookieAuth('session')
  @ApiCsrfHeader()
  @ApiOperation({ operationId: 'syncReports', summary: 'Pull your order report now, with your saved app credentials' })
  @ApiOkResponse({ type: SyncStatesDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
  async syncNow(@CurrentMember() member: Member, @Query() query: SyncQueryDto): Promise<SyncStatesDto> {
    await this.syncs.sync(member.id, query.marketplace);
    return { ok: true, syncs: await this.syncs.states(member.id) };
  }

  @Get('api/analytics')
  @KeyAndTokenRoute({ ok: { type: AnalyticsResponseDto } })
  @RequiresScope('analytics:read')
  @ApiOperation({
    operationId: 'getAnalytics',
    summary: 'Earnings analytics: clicks, orders, commission',
    description: DESCRIPTION,
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'invalid_request' })
  async withKey(
    @Req() req: AuthenticatedRequest,
    @Query() query: AnalyticsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(req.principal.memberId, query, req, res);
  }

  @Get('account/analytics')
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  @ApiCookieAuth('session')
  @ApiOperation({
    operationId: 'getAccountAnalytics',
    summary: 'Earnings analytics (account page)',
    description: DESCRIPTION,
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: AnalyticsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'unauthenticated' })
  async withSession(
    @CurrentMember() member: Member,
    @Query() query: AnalyticsQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(member.id, query, req, res);
  }

  private async answer(memberId: string, dto: AnalyticsQueryDto, req: Request, res: Response) {
    const query = toQuery(memberId, dto, this.clock.now());
    const rows = await this.analytics.figures(query);
    const csv = dto.format === 'csv' || (dto.format === undefined && /^text\/csv\b/.test(req.headers.accept ?? ''));
    if (csv) {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="analytics-${query.groupBy}.csv"`);
      return analyticsCsv(rows);
    }
    const response: AnalyticsResponseDto = {
      ok: true,
      groupBy: query.groupBy,
      start: query.range.from.slice(0, 16),
      end: query.range.to.slice(0, 16),
      timezone: query.range.zone,
      rows,
    };
    return response;
  }
}

/**
 * The request's parameters with their defaults, as the service takes them: the range by `zonedRange` (the one
 * parser of ranges: local times in the zone, today as the app's Clock reads it in that zone).
 */
export function toQuery(memberId: string, dto: AnalyticsQueryDto, now: Date): AnalyticsQuery {
  const range = zonedRange(dto, now);
  if (dto.link !== undefined && BigInt(dto.link) > MAX_LINK_ID) {
    throw new AppException('invalid_request', 'link is a link id', { field: 'link' });
  }
  const events = (dto.event ? [...new Set(dto.event.split(','))] : [...ANALYTICS_EVENTS]) as AnalyticsEvent[];
  return {
    memberId,
    events,
    groupBy: dto.groupBy ?? 'count',
    range,
    interval: dto.interval ?? 'day',
    subIdPosition: dto.sub_id_position,
    filters: {
      subId: dto.sub_id,
      linkId: dto.link,
      marketplace: dto.marketplace,
      item: dto.item,
      country: dto.country,
      device: dto.device,
      currency: dto.currency,
    },
    limit: dto.limit ?? 100,
  };
}

/** The largest link id (a PostgreSQL bigint). */
const MAX_LINK_ID = 9_223_372_036_854_775_807n;
