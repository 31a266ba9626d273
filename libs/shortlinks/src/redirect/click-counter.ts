import { Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig, Clock } from '@app/common';
import { Metrics } from '@app/metrics';
import { DataSource } from 'typeorm';

const DAY_MS = 86_400_000;
/** Distinct (link, day) counters kept while the database cannot be written; clicks beyond are dropped (logged). */
const MAX_PENDING = 200_000;
/** Writes tried at shutdown before the counts left are given up (and logged), and the first pause between them. */
const SHUTDOWN_ATTEMPTS = 5;
const SHUTDOWN_RETRY_MS = 250;
/** Counters listed one by one in the log line of a shutdown that could not write them. */
const MAX_LOGGED_LOST = 1000;

interface Pending {
  linkId: string;
  day: number;
  clicks: number;
  bots: number;
  lastAt: number;
}

/**
 * Counts clicks with no database write on the redirect path: `record()` bumps an in-process counter per
 * (link, UTC day); a timer writes them every CLICK_FLUSH_INTERVAL_MS in one statement (daily rows in
 * `short_link_clicks`, totals in `short_links`), and `onApplicationShutdown` writes what is left after the HTTP
 * server has closed (so requests finishing during the stop are counted) and before the database closes (the
 * database module is global, so its shutdown hook runs after this one). A failed write keeps the counts for
 * the next flush. At shutdown a failed write is tried again (SHUTDOWN_ATTEMPTS times, pauses doubling, all
 * within SHUTDOWN_TIMEOUT_MS); what still cannot be written is logged (link ids, days and counts) so it can be
 * re-applied by hand. Bots (by User-Agent, and every HEAD) are counted apart.
 */
@Injectable()
export class ClickCounter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ClickCounter.name);
  private pending = new Map<string, Pending>();
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @Optional() metrics?: Metrics,
  ) {
    metrics?.watchBuffer('clicks', () => this.pending.size);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.CLICK_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + this.config.SHUTDOWN_TIMEOUT_MS;
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
    const key = `${linkId}:${day}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) {
        this.dropped += 1;
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
      this.logger.error(`${this.dropped} clicks were dropped: the database could not be written for too long`);
      this.dropped = 0;
    }
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const entries = [...batch.values()];
    try {
      await this.db.query(
        `WITH v AS (
           SELECT * FROM unnest($1::bigint[], $2::date[], $3::int[], $4::int[], $5::timestamptz[])
             AS v(id, day, clicks, bots, last_at)
         ), daily AS (
           INSERT INTO short_link_clicks (short_link_id, day, clicks, bot_clicks)
           SELECT v.id, v.day, v.clicks, v.bots FROM v JOIN short_links s ON s.id = v.id
           ON CONFLICT (short_link_id, day) DO UPDATE
             SET clicks = short_link_clicks.clicks + EXCLUDED.clicks,
                 bot_clicks = short_link_clicks.bot_clicks + EXCLUDED.bot_clicks
         )
         UPDATE short_links s
            SET clicks = s.clicks + t.clicks, bot_clicks = s.bot_clicks + t.bots,
                last_click_at = CASE WHEN t.clicks > 0 THEN GREATEST(s.last_click_at, t.last_at) ELSE s.last_click_at END
           FROM (SELECT id, SUM(clicks) AS clicks, SUM(bots) AS bots, MAX(last_at) AS last_at FROM v GROUP BY id) t
          WHERE s.id = t.id`,
        [
          entries.map((e) => e.linkId),
          entries.map((e) => new Date(e.day * DAY_MS).toISOString().slice(0, 10)),
          entries.map((e) => e.clicks),
          entries.map((e) => e.bots),
          entries.map((e) => new Date(e.lastAt).toISOString()),
        ],
      );
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
