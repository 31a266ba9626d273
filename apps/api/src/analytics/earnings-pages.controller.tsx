import { Controller, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiThrottlerGuard, IpBanGuard } from '@app/abuse';
import {
  type AnalyticsQuery,
  AnalyticsService,
  OrderedItems,
  OrderImportService,
  REPORT_MARKETPLACES,
  rangeDays,
  ReportSyncService,
  shownDays,
} from '@app/analytics';
import { AppException, Clock } from '@app/common';
import { TextConverter } from '@app/conversion';
import { type ProductError, ProductDetailsService, productPageUrl } from '@app/products';
import { CurrentMember, SignedIn } from '@app/auth';
import type { Member } from '@app/members';
import { ShortLinkService } from '@app/shortlinks';
import type { Request } from 'express';
import { SessionPrincipalGuard } from '../account/session-principal.guard';
import { HtmlGet, HtmlPost, PagesController } from '../pages/page.decorators';
import { Viewer } from '../pages/viewer.decorator';
import { validated } from '../validation';
import { EarningsSection } from '../views/analytics/earnings';
import {
  EARNINGS_SORTS,
  type EarningsFilters,
  type EarningsSort,
  earningsHref,
  type LinkResults,
} from '../views/analytics/earnings-state';
import { ImportResult } from '../views/analytics/import-report';
import { ItemDetailsSection } from '../views/analytics/item-details';
import { LinkResultsList } from '../views/analytics/link-results';
import { SyncCard } from '../views/analytics/sync-card';
import { AccountFrame } from '../views/frame';
import { renderPage, renderPartial } from '../views/render';
import { toQuery } from './analytics.controller';
import { AnalyticsQueryDto, ITEM_ID, SyncQueryDto } from './analytics.dto';
import { importOptions, uploadStream } from './report-uploads.controller';

/** An item whose product page is not known: its orders name no shop (Shopee needs it) or no site of its currency. */
const UNKNOWN_PAGE: ProductError = {
  code: 'product_unsupported',
  message: 'Its orders do not say which product page it is (no shop id, or a currency of no known site)',
};

/** Links shown per page of the link filter's search. */
export const LINKS_PER_SEARCH_PAGE = 10;

/** What the page's query string may hold, as text; the analytics part is checked by AnalyticsQueryDto. */
type PageQuery = Partial<
  Record<'start' | 'end' | 'timezone' | 'marketplace' | 'sub_id' | 'link' | 'q' | 'sort' | 'dir', unknown>
>;

const text = (value: unknown, max = 300): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

function page(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1;
}

/**
 * The figures' query for the page's fields, checked as the API checks them (the same DTO and `toQuery`): the page
 * accepts and refuses exactly what the API does. Empty fields are not given; the zone defaults to UTC.
 */
async function pageQuery(memberId: string, given: Record<string, string>, now: Date): Promise<AnalyticsQuery> {
  const dto = await validated(
    AnalyticsQueryDto,
    Object.fromEntries(Object.entries(given).filter(([, value]) => value !== '')),
  );
  return toQuery(memberId, dto, now);
}

/** The bucket of the chart: hours for a day or two, days up to four months, weeks beyond. */
function intervalFor(days: number): 'hour' | 'day' | 'week' {
  return days <= 2 ? 'hour' : days <= 120 ? 'day' : 'week';
}

/**
 * The earnings page (`/dashboard/earnings`): the figures of `GET /api/analytics` (the same `toQuery` and
 * `AnalyticsService`, so the page and the API never disagree) for the member's range, time zone and filters;
 * the link filter searched and paged (`ShortLinkService.searchRefs`), the report import with its preview and
 * apply (the file streamed as the body, as `POST /api/conversions/import`), and the report sync's state.
 */
@PagesController()
@Controller('dashboard/earnings')
@SignedIn()
export class EarningsPagesController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly imports: OrderImportService,
    private readonly syncs: ReportSyncService,
    private readonly shortLinks: ShortLinkService,
    private readonly orderedItems: OrderedItems,
    private readonly conversion: TextConverter,
    private readonly products: ProductDetailsService,
    private readonly clock: Clock,
  ) {}

  @HtmlGet()
  async earnings(@CurrentMember() member: Member, @Viewer() viewer: Viewer, @Query() raw: PageQuery) {
    const given = {
      start: text(raw.start, 16),
      end: text(raw.end, 16),
      timezone: text(raw.timezone, 64),
      marketplace: text(raw.marketplace, 16),
      sub_id: text(raw.sub_id),
      link: text(raw.link, 19),
    };
    const base = await pageQuery(member.id, given, this.clock.now());
    const interval = intervalFor(rangeDays(base.range));
    const sort = (EARNINGS_SORTS as readonly string[]).includes(text(raw.sort))
      ? (text(raw.sort) as EarningsSort)
      : 'net';
    const filters: EarningsFilters = {
      ...shownDays(base.range),
      asked: { start: given.start, end: given.end },
      timezone: base.range.zone,
      marketplace: given.marketplace,
      sub_id: given.sub_id,
      link: given.link,
      q: text(raw.q, 200),
      sort,
      dir: text(raw.dir) === 'asc' ? 'asc' : 'desc',
    };
    const [[totals], series, subIds, items, shops, selected, links, syncs] = await Promise.all([
      this.analytics.figures({ ...base, groupBy: 'count' }),
      this.analytics.figures({ ...base, groupBy: 'timeseries', interval }),
      this.analytics.figures({ ...base, groupBy: 'sub_id', limit: 500 }),
      this.analytics.figures({ ...base, groupBy: 'item', events: ['commission'], limit: 10 }),
      this.analytics.figures({ ...base, groupBy: 'shop', events: ['commission'], limit: 10 }),
      given.link ? this.shortLinks.refsByIds([given.link]) : Promise.resolve([]),
      this.linkResults(member.id, filters.q, 1, given.link),
      this.syncs.states(member.id),
    ]);
    return renderPage(
      <AccountFrame viewer={viewer} section="earnings" charts>
        <EarningsSection
          data={{
            filters,
            interval,
            totals: totals ?? null,
            series,
            subIds,
            items: items.filter((row) => row.key !== ''),
            shops: shops.filter((row) => row.key !== ''),
            selectedLink: selected.find((link) => link.member_id === member.id) ?? null,
            links,
            syncs,
          }}
        />
      </AccountFrame>,
    );
  }

  /**
   * An item of the member's orders (the top items link here): its product details, read as `GET /api/products`
   * reads them (the item's page on the marketplace's site for the orders' currency, recognised by the same
   * adapters, details from the same cache with the member's saved credentials), beside its figures in the range.
   */
  @HtmlGet('items/:marketplace/:itemId')
  async item(
    @CurrentMember() member: Member,
    @Viewer() viewer: Viewer,
    @Param('marketplace') marketplace: string,
    @Param('itemId') itemId: string,
    @Query() raw: PageQuery,
  ) {
    const item =
      (REPORT_MARKETPLACES as readonly string[]).includes(marketplace) && ITEM_ID.test(itemId)
        ? await this.orderedItems.find(member.id, marketplace, itemId)
        : null;
    if (!item) throw new AppException('not_found', 'None of your orders has this item');
    const given = { start: text(raw.start, 16), end: text(raw.end, 16), timezone: text(raw.timezone, 64) };
    const base = await pageQuery(member.id, given, this.clock.now());
    const productUrl = productPageUrl(item.marketplace, item.currency, item.shop_id, item.item_id);
    const target = productUrl ? (await this.conversion.linkTargets([productUrl], false)).get(productUrl) : undefined;
    const [[figures], [outcome]] = await Promise.all([
      this.analytics.figures({
        ...base,
        events: ['orders', 'commission'],
        filters: { ...base.filters, marketplace: item.marketplace, item: item.item_id },
      }),
      target?.ok ? this.products.detailsFor([target.link], member.id) : Promise.resolve([null]),
    ]);
    return renderPage(
      <AccountFrame viewer={viewer} section="earnings" title={`${item.item_name || `Item ${item.item_id}`} · Earnings`}>
        <ItemDetailsSection
          data={{
            item,
            productUrl: target?.ok ? (target.link.canonicalUrl ?? productUrl) : productUrl,
            product: outcome?.ok ? outcome.product : null,
            productError: outcome ? (outcome.ok ? null : outcome.error) : UNKNOWN_PAGE,
            figures: figures ?? null,
            range: base.range,
            back: earningsHref({ asked: given, timezone: base.range.zone }),
          }}
        />
      </AccountFrame>,
    );
  }

  /** The link filter's results: the member's links matching `q` (code, target or sub id), a page at a time. */
  @HtmlGet('links')
  async links(
    @CurrentMember() member: Member,
    @Query('q') q?: unknown,
    @Query('page') pageText?: unknown,
    @Query('selected') selected?: unknown,
  ) {
    const results = await this.linkResults(member.id, text(q, 200), page(pageText), text(selected, 19));
    return renderPartial(<LinkResultsList results={results} />);
  }

  private async linkResults(memberId: string, q: string, n: number, selected: string): Promise<LinkResults> {
    const found = await this.shortLinks.searchRefs(
      memberId,
      q,
      LINKS_PER_SEARCH_PAGE + 1,
      (n - 1) * LINKS_PER_SEARCH_PAGE,
    );
    return {
      q,
      page: n,
      links: found.slice(0, LINKS_PER_SEARCH_PAGE),
      hasMore: found.length > LINKS_PER_SEARCH_PAGE,
      selected: /^\d+$/.test(selected) ? selected : '',
    };
  }

  /** The import's preview (or, with `apply=true`, the import): the file is the body, streamed. */
  @HtmlPost('import')
  @UseGuards(IpBanGuard, SessionPrincipalGuard, ApiThrottlerGuard)
  async importReport(@Req() req: Request, @CurrentMember() member: Member) {
    const summary = await this.imports.importFile(member.id, uploadStream(req), importOptions(req));
    return renderPartial(<ImportResult summary={summary} />);
  }

  @HtmlPost('sync')
  async syncNow(@CurrentMember() member: Member, @Query() query: SyncQueryDto) {
    await this.syncs.sync(member.id, query.marketplace);
    return renderPartial(<SyncCard syncs={await this.syncs.states(member.id)} />);
  }
}
