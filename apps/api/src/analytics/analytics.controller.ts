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
  isCalendarDay,
  ReportSyncService,
} from '@app/analytics';
import { CurrentMember, SignedIn } from '@app/auth';
import { AppException, ErrorResponseDto } from '@app/common';
import { type AuthenticatedRequest, RequiresScope } from '@app/credentials';
import type { Member } from '@app/members';
import type { Request, Response } from 'express';
import { KeyAndTokenRoute } from '../key-and-token-route.decorator';
import { AnalyticsQueryDto, AnalyticsResponseDto, SyncQueryDto, SyncStatesDto } from './analytics.dto';
import { analyticsCsv } from './analytics-csv';
import { ApiCsrfHeader } from '../session-routes.decorator';

const DAY_MS = 86_400_000;
/** The longest range one request may cover. */
const MAX_RANGE_DAYS = 400;

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
    const query = toQuery(memberId, dto);
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
      start: query.start.slice(0, 16),
      end: query.end.slice(0, 16),
      timezone: query.timezone,
      rows,
    };
    return response;
  }
}

/** The request's parameters with their defaults, as the service takes them (local times in the zone). */
export function toQuery(memberId: string, dto: AnalyticsQueryDto, now = new Date()): AnalyticsQuery {
  const timezone = dto.timezone ?? 'UTC';
  let today: string;
  try {
    today = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    throw new AppException('invalid_request', `timezone "${timezone.slice(0, 64)}" is not an IANA time zone`);
  }
  const end = dto.end ? localTime(dto.end, true) : `${addDays(today, 1)}T00:00:00`;
  const start = dto.start ? localTime(dto.start, false) : `${addDays(end.slice(0, 10), -30)}T00:00:00`;
  const span = (Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / DAY_MS;
  if (Number.isNaN(span)) throw new AppException('invalid_request', 'start and end must be real dates');
  if (span <= 0) throw new AppException('invalid_request', 'end must be after start');
  if (span > MAX_RANGE_DAYS) throw new AppException('invalid_request', `A range covers at most ${MAX_RANGE_DAYS} days`);
  if (dto.link !== undefined && BigInt(dto.link) > MAX_LINK_ID) {
    throw new AppException('invalid_request', 'link is a link id', { field: 'link' });
  }
  const events = (dto.event ? [...new Set(dto.event.split(','))] : [...ANALYTICS_EVENTS]) as AnalyticsEvent[];
  return {
    memberId,
    events,
    groupBy: dto.groupBy ?? 'count',
    start,
    end,
    interval: dto.interval ?? 'day',
    timezone,
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

/** The years a range may be in (a day past 9998 has no next midnight PostgreSQL and ISO dates agree on). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;
/** The largest link id (a PostgreSQL bigint). */
const MAX_LINK_ID = 9_223_372_036_854_775_807n;

/** `2026-08-31` → `2026-08-31T00:00:00` (an end day is included: the next midnight); a day of the calendar only. */
function localTime(value: string, isEnd: boolean): string {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!isCalendarDay(year, month, day)) {
    throw new AppException('invalid_request', `${value.slice(0, 10)} is not a day of the calendar`);
  }
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw new AppException('invalid_request', `start and end are days from ${FIRST_YEAR} to ${LAST_YEAR}`);
  }
  if (value.length === 10) return `${isEnd ? addDays(value, 1) : value}T00:00:00`;
  return value.length === 16 ? `${value}:00` : value;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new AppException('invalid_request', `${day} is not a date`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
