import { Inject, Injectable, Optional } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicUntilShutdown } from '@app/common';
import { type HttpConfig, httpConfig } from '@app/http';
import { Metrics } from '@app/metrics';
import { DataSource } from 'typeorm';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

const DAY_MS = 86_400_000;
/**
 * Distinct (link, UTC day) counters held between two writes (while the database cannot be written, or when a
 * write falls behind). Once full, a click on a counter not held yet is dropped: counted in `droppedClicks` and
 * logged (one error line per flush); clicks on the counters held keep counting.
 */
export const MAX_PENDING_COUNTERS = 200_000;
/** Writes tried at shutdown before the counts left are given up (and logged), and the first pause between them. */
const SHUTDOWN_ATTEMPTS = 5;
const SHUTDOWN_RETRY_MS = 250;
/** Counters listed one by one in the log line of a shutdown that could not write them. */
const MAX_LOGGED_LOST = 1000;

/** One write of the counters: how many (link, day) rows, how many clicks (people and bots), how long it took. */
export interface FlushStats {
  rows: number;
  clicks: number;
  ms: number;
}

/**
 * The flush, one statement whatever the number of links: the counters arrive as five arrays, unnested side by
 * side in the select list (a `ProjectSet`: rows stream out in array order, nothing is materialised or sorted,
 * no JIT), and the daily rows are one set-based upsert. Rows are written in the arrays' order, which `write()`
 * sorts by link and day, so two instances flushing together lock rows in the same order. Totals are sums of
 * the daily rows. Days are UTC day numbers, times epoch milliseconds.
 *
 * No check that each link still exists (an `EXISTS` semi-join cost about as much as the upsert itself at
 * 100,000 links: a pass over the whole of `short_links`): links are deleted only with their member, a trigger
 * deletes their daily rows then, and a flush that lands after it leaves at most the day's row of a link clicked
 * just before, which nothing reads (every read goes through the link).
 */
const FLUSH_SQL = `INSERT INTO short_link_clicks AS c (short_link_id, day, clicks, bot_clicks, last_click_at)
SELECT v.id, DATE '1970-01-01' + v.day, v.clicks, v.bots,
       CASE WHEN v.clicks > 0 THEN to_timestamp(v.last_ms / 1000.0) END
  FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::int[]) AS day, unnest($3::int[]) AS clicks,
               unnest($4::int[]) AS bots, unnest($5::float8[]) AS last_ms) AS v
ON CONFLICT (short_link_id, day) DO UPDATE
  SET clicks = c.clicks + EXCLUDED.clicks, bot_clicks = c.bot_clicks + EXCLUDED.bot_clicks,
      last_click_at = GREATEST(c.last_click_at, EXCLUDED.last_click_at)`;

interface Pending {
  linkId: string;
  day: number;
  clicks: number;
  bots: number;
  lastAt: number;
}

/**
 * Counts clicks with no database write on the redirect path: `record()` bumps an in-process counter per
 * (link, UTC day); a periodic task writes them every CLICK_FLUSH_INTERVAL_MS in one statement (`FLUSH_SQL`: the narrow
 * daily rows of `short_link_clicks`, whose sums are the totals), and `onApplicationShutdown` writes what is
 * left after the HTTP server has closed (so requests finishing during the stop are counted) and before the
 * database closes (the database module is global, so its shutdown hook runs after this one). Each write is
 * logged (rows, clicks, milliseconds) and kept in `lastFlush`. A failed write keeps the counts for the next
 * flush. At shutdown a failed write is tried again (SHUTDOWN_ATTEMPTS times, pauses doubling, all within
 * SHUTDOWN_TIMEOUT_MS); what still cannot be written is logged (link ids, days and counts) so it can be
 * re-applied by hand. Bots (by User-Agent, and every HEAD) are counted apart. At most MAX_PENDING_COUNTERS
 * counters are held (see there for what is dropped beyond).
 */
@Injectable()
export class ClickCounter extends PeriodicUntilShutdown {
  private pending = new Map<string, Pending>();
  /** Clicks dropped since the last log line, and since the start (`droppedClicks`). */
  private dropped = 0;
  private droppedTotal = 0;
  private last: FlushStats | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** The UTC day of the last click and its key suffix (`:<day>`), made once a day rather than once a click. */
  private day = -1;
  private daySuffix = '';

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(shortLinksConfig.KEY) config: ShortLinksConfig,
    @Inject(httpConfig.KEY) private readonly http: HttpConfig,
    scheduler: SchedulerRegistry,
    @Optional() metrics?: Metrics,
  ) {
    super(scheduler, 'click-flush', config.CLICK_FLUSH_INTERVAL_MS);
    metrics?.watchBuffer('clicks', () => this.pending.size);
  }

  protected runPeriodically(): Promise<unknown> {
    return this.flush();
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    const deadline = Date.now() + this.http.SHUTDOWN_TIMEOUT_MS;
    let attempt = 1;
    for (; ; attempt += 1) {
      await this.flush();
      if (this.pending.size === 0) return;
      const pause = Math.min(SHUTDOWN_RETRY_MS * 2 ** (attempt - 1), deadline - Date.now());
      if (attempt >= SHUTDOWN_ATTEMPTS || pause <= 0) break;
      await new Promise((done) => setTimeout(done, pause));
    }
    this.logLost(attempt);
  }

  /** One click. Synchronous and in memory only. */
  record(linkId: string, bot: boolean): void {
    const now = this.clock.now().getTime();
    const day = Math.floor(now / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.daySuffix = `:${day}`;
    }
    const key = linkId + this.daySuffix;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING_COUNTERS) {
        this.dropped += 1;
        this.droppedTotal += 1;
        return;
      }
      entry = { linkId, day, clicks: 0, bots: 0, lastAt: now };
      this.pending.set(key, entry);
    }
    if (bot) entry.bots += 1;
    else entry.clicks += 1;
    if (now > entry.lastAt) entry.lastAt = now;
  }

  /** Clicks counted but not written yet (for tests and the shutdown log). */
  get pendingClicks(): number {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.clicks + entry.bots;
    return total;
  }

  /** Clicks dropped since the process started because MAX_PENDING_COUNTERS counters were held already. */
  get droppedClicks(): number {
    return this.droppedTotal;
  }

  /** The last successful write (null before the first). */
  get lastFlush(): FlushStats | null {
    return this.last;
  }

  /** Writes the pending counters (one statement); on failure they are kept for the next attempt. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** The counters a failed shutdown leaves behind, in one error line (ids and numbers only). */
  private logLost(attempts: number): void {
    const entries = [...this.pending.values()];
    const lost = entries.map((e) => ({
      link_id: e.linkId,
      day: new Date(e.day * DAY_MS).toISOString().slice(0, 10),
      clicks: e.clicks,
      bot_clicks: e.bots,
    }));
    this.logger.error(
      {
        lost_clicks: entries.reduce((sum, e) => sum + e.clicks, 0),
        lost_bot_clicks: entries.reduce((sum, e) => sum + e.bots, 0),
        counters: lost.slice(0, MAX_LOGGED_LOST),
        counters_not_listed: Math.max(0, lost.length - MAX_LOGGED_LOST),
      },
      `Could not write the click counters at shutdown after ${attempts} attempts: these clicks are lost`,
    );
    this.pending = new Map();
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.error(
        { dropped_clicks: this.dropped, dropped_clicks_total: this.droppedTotal, max_pending: MAX_PENDING_COUNTERS },
        `${this.dropped} clicks were dropped: ${MAX_PENDING_COUNTERS} click counters were waiting to be written`,
      );
      this.dropped = 0;
    }
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const entries = [...batch.values()].sort((a, b) => compareIds(a.linkId, b.linkId) || a.day - b.day);
    const started = performance.now();
    try {
      await this.db.query(FLUSH_SQL, [
        entries.map((e) => e.linkId),
        entries.map((e) => e.day),
        entries.map((e) => e.clicks),
        entries.map((e) => e.bots),
        entries.map((e) => e.lastAt),
      ]);
      const stats: FlushStats = {
        rows: entries.length,
        clicks: entries.reduce((sum, e) => sum + e.clicks + e.bots, 0),
        ms: Math.round(performance.now() - started),
      };
      this.last = stats;
      this.logger.log(stats, 'Click counters written');
    } catch (error) {
      for (const [key, entry] of batch) {
        const current = this.pending.get(key);
        if (current) {
          current.clicks += entry.clicks;
          current.bots += entry.bots;
          current.lastAt = Math.max(current.lastAt, entry.lastAt);
        } else {
          this.pending.set(key, entry);
        }
      }
      this.logger.warn(`Could not write click counters, will retry: ${(error as Error).message}`);
    }
  }
}

/** bigint ids (decimal strings without leading zeros) in numeric order. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
