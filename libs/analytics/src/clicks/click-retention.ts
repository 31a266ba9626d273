import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicUntilShutdown } from '@app/common';
import { DataSource } from 'typeorm';
import { analyticsConfig, AnalyticsConfig } from '../analytics.config';
import { emptiedHoursSql, summaryRollUpCtes } from './click-summaries';

const DAY_MS = 86_400_000;
/** Hourly rows rolled up per statement (a run repeats until none are left, or the run's budget is spent). */
const ROLLUP_BATCH = 50_000;
const ROLLUP_STATEMENTS_PER_RUN = 20;

/**
 * Moves hourly click detail older than CLICK_HOURLY_RETENTION_DAYS into one row per UTC day (same link and
 * dimensions; the row at 00:00 UTC holds the day), in one statement per batch: the hours are deleted and their sums
 * upserted together, with the same move in the hourly summaries (`summaryRollUpCtes`), so a run that stops
 * half-way loses and doubles nothing and the summary keeps matching the detail. Storage then grows with days, not
 * hours. Runs hourly in the api (any instance may: the statement is safe to run concurrently).
 */
@Injectable()
export class ClickRetention extends PeriodicUntilShutdown {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(analyticsConfig.KEY) private readonly config: AnalyticsConfig,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'click-hours-rollup', 3_600_000);
  }

  protected runPeriodically(): Promise<number> {
    return this.rollUp();
  }

  protected override runsPeriodically(): boolean {
    return this.config.CLICK_HOURLY_RETENTION_DAYS > 0;
  }

  /** Rolls up what is older than the retention; returns the hourly rows moved. */
  async rollUp(): Promise<number> {
    const days = this.config.CLICK_HOURLY_RETENTION_DAYS;
    if (days <= 0) return 0;
    const cutoff = new Date(Math.floor(this.clock.now().getTime() / DAY_MS - days) * DAY_MS);
    let moved = 0;
    for (let i = 0; i < ROLLUP_STATEMENTS_PER_RUN; i += 1) {
      const [{ n }] = await this.db.query(
        `WITH moved AS (
           DELETE FROM click_hours WHERE ctid IN (
             SELECT ctid FROM click_hours WHERE hour < $1 AND hour <> date_trunc('day', hour, 'UTC') LIMIT $2)
           RETURNING *),
         summed AS (
           INSERT INTO click_hours AS c (short_link_id, hour, country, device, os, browser, referrer, bot, member_id,
                  sub_id, marketplace, item_id, clicks)
           SELECT short_link_id, date_trunc('day', hour, 'UTC'), country, device, os, browser, referrer, bot,
                  min(member_id::text)::uuid, min(sub_id), min(marketplace), min(item_id), sum(clicks)
             FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
           ON CONFLICT (short_link_id, hour, country, device, os, browser, referrer, bot)
             DO UPDATE SET clicks = c.clicks + EXCLUDED.clicks
           RETURNING 1),
         ${summaryRollUpCtes('moved')}
         SELECT (SELECT count(*) FROM moved)::int AS n`,
        [cutoff.toISOString(), ROLLUP_BATCH],
      );
      moved += n;
      if (n < ROLLUP_BATCH) break;
    }
    if (moved > 0) for (const sql of emptiedHoursSql()) await this.db.query(sql, [cutoff.toISOString()]);
    if (moved > 0)
      this.logger.log({ hourly_rows: moved, before: cutoff.toISOString() }, 'Click hours rolled up into days');
    return moved;
  }
}
