import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicUntilShutdown } from '@app/common';
import { MemberSettingsService } from '@app/members';
import { regionOfCurrency } from '@app/marketplaces';
import { LAZADA_REPORT_PAGE_LIMIT, OutsideLinks } from '@app/outbound';
import { DataSource } from 'typeorm';
import { analyticsConfig, AnalyticsConfig } from '../analytics.config';
import { ReportSyncFailed } from '../analytics-events';
import { OrderImportService } from '../import/order-import.service';
import { LazadaReportError, lazadaRowsOf, linesOfLazadaRows, monthRanges } from './lazada-conversion-report';
import {
  callFailedWords,
  linesOfShopeeNodes,
  shopeeGapWords,
  shopeePageOf,
  ShopeeReportError,
} from './shopee-conversion-report';

const DAY_MS = 86_400_000;
/** One page's budget (its attempts, each up to 20 s, and the waits between them). */
const CALL_TIMEOUT_MS = 60_000;
/** Pages read per marketplace and run at most (Shopee: 500 rows each; its budget is 2,000 calls an hour). */
const MAX_PAGES = 200;
/** Fresh queries after an expired scrollId, per run. */
const MAX_RESTARTS = 3;
/**
 * Kept beyond SHOPEE_REPORT_QUERY_GAP_MS, as a share of it: the gap is counted from the answer to the previous
 * fresh query (Shopee may count from when it received or answered it; the answer is after both), and a timer may
 * fire a little early.
 */
const QUERY_GAP_MARGIN = 0.1;

export type SyncMarketplace = 'shopee' | 'lazada';

/** A member's sync of one marketplace, as the earnings page shows it. */
export interface SyncStateView {
  marketplace: SyncMarketplace;
  /** `never`, `running`, `ok` or `error`. */
  state: string;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_success_at: Date | null;
  /** In words, for the member (never a secret). */
  last_error: string | null;
  lines_new: number;
  lines_updated: number;
  /** Lines the last run skipped (an unknown status word), and why: a new word is seen, never guessed. */
  lines_skipped: number;
  skipped_by_reason: Record<string, number>;
  calls: number;
}

/** What a run counts, recorded with its state. */
interface RunCounts {
  lines_new: number;
  lines_updated: number;
  lines_skipped: number;
  skipped_by_reason: Record<string, number>;
  calls: number;
}

/**
 * The scheduled pull of order reports with the member's saved app credentials (`shopee_app_id` and
 * `shopee_app_secret`; `lazada_app_key`, `lazada_app_secret` and `lazada_user_token`), on `@nestjs/schedule`
 * through `PeriodicTask` (every ORDER_SYNC_INTERVAL_MS), one member at a time. Each run reads the last
 * ORDER_SYNC_LOOKBACK_DAYS again (statuses change long after a purchase) and upserts page by page through the
 * import's own comparison, so a run cut anywhere (a dropped connection, an expired scrollId, a restart) has stored
 * whole pages only, each line once by its key: the next run reads the window again, losing and doubling nothing.
 *
 * Shopee (`conversionReport`): 500 rows a page; the `scrollId` of the next page lives 30 s and is used once; a
 * fresh query must wait SHOPEE_REPORT_QUERY_GAP_MS after the previous one. When a scrollId expired, the pull
 * starts a fresh query (after the gap) that ends at the oldest purchase time already read (rows come newest first).
 * Lazada: one calendar month per call, 100 rows a page, until a short page.
 *
 * Every call goes through the outbound lib's client of the marketplace (`OutsideLinks`, as the modes' and the product
 * details' calls): its circuit breaker, bound on calls in flight, time-out per attempt and upstream metrics. Lazada's
 * pages are retried on a retryable failure; Shopee's never (a scrollId is used once, a fresh query keeps the gap).
 */
@Injectable()
export class ReportSyncService extends PeriodicUntilShutdown {
  private readonly running = new Set<string>();
  private lastShopeeQueryAt = 0;
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly settings: MemberSettingsService,
    private readonly imports: OrderImportService,
    private readonly clock: Clock,
    @Inject(analyticsConfig.KEY) private readonly config: AnalyticsConfig,
    scheduler: SchedulerRegistry,
    private readonly events: EventEmitter2,
    private readonly marketplaces: OutsideLinks,
  ) {
    super(scheduler, 'order-report-sync', Math.max(config.ORDER_SYNC_INTERVAL_MS, 1000));
  }

  protected runPeriodically(): Promise<void> {
    return this.syncAll();
  }

  protected override runsPeriodically(): boolean {
    return this.config.ORDER_SYNC_INTERVAL_MS > 0;
  }

  override async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await super.onApplicationShutdown();
  }

  /** Every member with saved credentials, one after the other. */
  async syncAll(): Promise<void> {
    const shopee = await this.settings.memberIdsWithSecrets(['shopee_app_id', 'shopee_app_secret']);
    const lazada = await this.settings.memberIdsWithSecrets([
      'lazada_app_key',
      'lazada_app_secret',
      'lazada_user_token',
    ]);
    for (const memberId of shopee) if (!this.stopping) await this.sync(memberId, 'shopee');
    for (const memberId of lazada) if (!this.stopping) await this.sync(memberId, 'lazada');
  }

  /** One member's pull of one marketplace now (the page's "Sync now"); its state is recorded either way. */
  async sync(memberId: string, marketplace: SyncMarketplace): Promise<SyncStateView> {
    const key = `${memberId}:${marketplace}`;
    if (this.running.has(key)) return (await this.states(memberId)).find((s) => s.marketplace === marketplace)!;
    this.running.add(key);
    const counts: RunCounts = { lines_new: 0, lines_updated: 0, lines_skipped: 0, skipped_by_reason: {}, calls: 0 };
    try {
      await this.record(memberId, marketplace, { state: 'running', last_started_at: this.clock.now(), ...counts });
      if (marketplace === 'shopee') await this.pullShopee(memberId, counts);
      else await this.pullLazada(memberId, counts);
      await this.record(memberId, marketplace, {
        state: 'ok',
        last_finished_at: this.clock.now(),
        last_success_at: this.clock.now(),
        last_error: null,
        ...counts,
      });
    } catch (error) {
      const words =
        error instanceof ShopeeReportError || error instanceof LazadaReportError || error instanceof MissingCredentials
          ? error.message
          : callFailedWords('the pull could not go on');
      this.logger.warn({ member_id: memberId, marketplace, error: words }, 'Order report sync failed');
      await this.record(memberId, marketplace, {
        state: 'error',
        last_finished_at: this.clock.now(),
        last_error: words,
        ...counts,
      });
      await this.events
        .emitAsync(ReportSyncFailed.event, new ReportSyncFailed(memberId, marketplace, words))
        .catch((failed: Error) =>
          this.logger.error({ member_id: memberId, error: failed?.message }, 'A listener of failed syncs failed'),
        );
    } finally {
      this.running.delete(key);
    }
    return (await this.states(memberId)).find((s) => s.marketplace === marketplace)!;
  }

  async states(memberId: string): Promise<SyncStateView[]> {
    const rows: SyncStateView[] = await this.db.query(
      `SELECT marketplace, state, last_started_at, last_finished_at, last_success_at, last_error, lines_new, lines_updated,
              lines_skipped, skipped_by_reason, calls
         FROM report_syncs WHERE member_id = $1 ORDER BY marketplace`,
      [memberId],
    );
    return rows;
  }

  private async pullShopee(memberId: string, counts: RunCounts) {
    const secrets = await this.settings.secrets(memberId, ['shopee_app_id', 'shopee_app_secret']);
    if (!secrets.shopee_app_id || !secrets.shopee_app_secret)
      throw new MissingCredentials('Save your Shopee app id and secret in Settings first.');
    const credentials = { appId: secrets.shopee_app_id, secret: secrets.shopee_app_secret };
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const start = now - this.config.ORDER_SYNC_LOOKBACK_DAYS * 86_400;
    let end = now;
    let scrollId: string | undefined;
    let restarts = 0;
    const report = await this.openPull(memberId, 'shopee', this.config.SHOPEE_REPORT_CURRENCY);
    for (let page = 0; page < MAX_PAGES && !this.stopping; page += 1) {
      const fresh = !scrollId;
      if (fresh) await this.waitForQueryGap();
      let result;
      try {
        counts.calls += 1;
        result = shopeePageOf(
          await this.marketplaces.shopeeConversionReport(
            this.config.SHOPEE_REPORT_URL,
            credentials,
            { purchaseTimeStart: start, purchaseTimeEnd: end, ...(scrollId ? { scrollId } : {}) },
            AbortSignal.timeout(CALL_TIMEOUT_MS),
          ),
        );
      } catch (error) {
        if (error instanceof ShopeeReportError && error.restartable && scrollId && restarts < MAX_RESTARTS) {
          restarts += 1;
          scrollId = undefined; // a fresh query, ending where the rows already read end
          continue;
        }
        if (error instanceof ShopeeReportError && error.code === 10030 && fresh && restarts > 0) {
          // Refused right after a restart: the gap between two queries, not the hourly budget.
          throw new ShopeeReportError(10030, shopeeGapWords(this.config.SHOPEE_REPORT_QUERY_GAP_MS, error.detail));
        }
        throw error;
      } finally {
        if (fresh) this.lastShopeeQueryAt = Date.now();
      }
      const { lines, skipped } = linesOfShopeeNodes(result.nodes, this.config.SHOPEE_REPORT_CURRENCY);
      countSkipped(counts, skipped);
      if (lines.length > 0) {
        const summary = await this.imports.importLines(memberId, lines, report);
        counts.lines_new += summary.new;
        counts.lines_updated += summary.updated;
      }
      // A fresh query after an expired scrollId ends at the oldest purchase second read, that second included
      // (rows sharing it may stand on the next page; those read again are unchanged).
      const oldest = oldestPurchaseTime(result.nodes);
      if (oldest !== null) end = Math.min(end, oldest + 1);
      if (!result.hasNextPage || !result.scrollId) return;
      scrollId = result.scrollId;
    }
  }

  private async pullLazada(memberId: string, counts: RunCounts) {
    const secrets = await this.settings.secrets(memberId, ['lazada_app_key', 'lazada_app_secret', 'lazada_user_token']);
    if (!secrets.lazada_app_key || !secrets.lazada_app_secret || !secrets.lazada_user_token) {
      throw new MissingCredentials('Save your Lazada app key, app secret and user token in Settings first.');
    }
    const credentials = {
      appKey: secrets.lazada_app_key,
      appSecret: secrets.lazada_app_secret,
      userToken: secrets.lazada_user_token,
    };
    const now = this.clock.now();
    const report = await this.openPull(memberId, 'lazada', null);
    const months = monthRanges(new Date(now.getTime() - this.config.ORDER_SYNC_LOOKBACK_DAYS * DAY_MS), now);
    for (const range of months) {
      for (let page = 1; page <= MAX_PAGES && !this.stopping; page += 1) {
        counts.calls += 1;
        const rows = lazadaRowsOf(
          await this.marketplaces.lazadaConversionReport(
            this.config.LAZADA_REPORT_URL,
            credentials,
            range,
            page,
            AbortSignal.timeout(CALL_TIMEOUT_MS),
          ),
        );
        const { lines, skipped } = linesOfLazadaRows(rows);
        countSkipped(counts, skipped);
        if (lines.length > 0) {
          const summary = await this.imports.importLines(memberId, lines, report);
          counts.lines_new += summary.new;
          counts.lines_updated += summary.updated;
        }
        if (rows.length < LAZADA_REPORT_PAGE_LIMIT) break;
      }
    }
  }

  /** A pull is a report made when it starts: its lines remember it (an older export never overwrites them). */
  private openPull(memberId: string, marketplace: SyncMarketplace, currency: string | null) {
    return this.imports.openReport(memberId, {
      marketplace,
      source: 'api',
      madeAt: this.clock.now(),
      madeAtFrom: 'pull',
      affiliateId: null,
      region: currency ? regionOfCurrency(currency) : null,
    });
  }

  /**
   * Shopee wants SHOPEE_REPORT_QUERY_GAP_MS between two fresh queries (one app: one gap for every member): waits
   * until that gap and its margin have passed since the answer to the last fresh query (checked again after the
   * timer, which may fire early).
   */
  private async waitForQueryGap(): Promise<void> {
    const gap = this.config.SHOPEE_REPORT_QUERY_GAP_MS;
    const due = this.lastShopeeQueryAt + Math.ceil(gap * (1 + QUERY_GAP_MARGIN));
    for (let wait = due - Date.now(); wait > 0; wait = due - Date.now()) {
      await new Promise((done) => setTimeout(done, wait));
    }
  }

  private async record(memberId: string, marketplace: SyncMarketplace, values: Record<string, unknown>): Promise<void> {
    const names = Object.keys(values);
    await this.db.query(
      `INSERT INTO report_syncs (member_id, marketplace, ${names.join(', ')})
       VALUES ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')})
       ON CONFLICT (member_id, marketplace) DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`,
      [memberId, marketplace, ...names.map((n) => (n === 'skipped_by_reason' ? JSON.stringify(values[n]) : values[n]))],
    );
  }
}

class MissingCredentials extends Error {}

function countSkipped(counts: RunCounts, skipped: ReadonlyArray<{ reason: string }>): void {
  counts.lines_skipped += skipped.length;
  for (const { reason } of skipped) counts.skipped_by_reason[reason] = (counts.skipped_by_reason[reason] ?? 0) + 1;
}

/** The oldest `purchaseTime` (unix seconds) of a page's conversions, read or skipped, or null. */
function oldestPurchaseTime(nodes: unknown[]): number | null {
  let oldest: number | null = null;
  for (const node of nodes) {
    const time = Number((node as { purchaseTime?: unknown }).purchaseTime);
    if (Number.isFinite(time) && (oldest === null || time < oldest)) oldest = time;
  }
  return oldest;
}
