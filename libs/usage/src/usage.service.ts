import { Inject, Injectable, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicUntilModuleDestroy } from '@app/common';
import { MembersService } from '@app/members';
import { Metrics } from '@app/metrics';
import { DataSource } from 'typeorm';
import { usageConfig, UsageConfig } from './usage.config';

export interface UsageFigures {
  /** Calls in the current clock minute, counted by this instance only. */
  thisMinute: number;
  /** Calls today (UTC day), every instance, including this instance's calls not yet written. */
  today: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const DAY_MS = 86_400_000;
/** The last day `utcDay` formatted: days since the epoch, and its text. */
let lastDay = { number: Number.NaN, text: '' };

/** The UTC day of a time (`2026-11-28`), formatted once per day (not on every call it counts). */
function utcDay(date: Date): string {
  const number = Math.floor(date.getTime() / DAY_MS);
  if (number !== lastDay.number) lastDay = { number, text: date.toISOString().slice(0, 10) };
  return lastDay.text;
}

/**
 * Counts successful convert calls per member without touching the database on the convert path:
 * `record()` only bumps in-process counters; a periodic task adds them to the `member_usage` daily rows every
 * USAGE_FLUSH_INTERVAL_MS, and `onModuleDestroy` once more on shutdown (before the database module's shutdown
 * hook closes the connection). The per-minute figure is this instance's own.
 */
@Injectable()
export class UsageService extends PeriodicUntilModuleDestroy {
  /** memberId → calls in `minute` (minutes since the epoch). */
  private readonly minutes = new Map<string, { minute: number; calls: number }>();
  /** `${day}|${memberId}` → calls not yet written. */
  private pending = new Map<string, number>();
  /** Hour (ms since the epoch) → calls and links of all members not yet written (the admin overview). */
  private hours = new Map<number, { calls: number; links: number }>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly members: MembersService,
    private readonly clock: Clock,
    @Inject(usageConfig.KEY) config: UsageConfig,
    scheduler: SchedulerRegistry,
    @Optional() metrics?: Metrics,
  ) {
    super(scheduler, 'usage-flush', config.USAGE_FLUSH_INTERVAL_MS);
    metrics?.watchBuffer('usage', () => this.pending.size + this.hours.size);
  }

  protected runPeriodically(): Promise<void> {
    return this.flush();
  }

  override async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    await this.flush();
  }

  /** One successful call by the member, with the links of its text. Synchronous and in memory only. */
  record(memberId: string, links = 0): void {
    const now = this.clock.now();
    const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const hourly = this.hours.get(hour);
    if (hourly) {
      hourly.calls += 1;
      hourly.links += links;
    } else {
      this.hours.set(hour, { calls: 1, links });
    }
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    const current = this.minutes.get(memberId);
    if (current && current.minute === minute) current.calls += 1;
    else this.minutes.set(memberId, { minute, calls: 1 });
    const key = `${utcDay(now)}|${memberId}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /**
   * Taken in turn with the writes (the same chain as `flush`): a write moves counts from memory to the table, and a
   * read made in the middle of one would see them in neither.
   */
  figures(memberId: string): Promise<UsageFigures> {
    const read = this.flushing.then(() => this.read(memberId));
    this.flushing = read.then(
      () => undefined,
      () => undefined,
    );
    return read;
  }

  private async read(memberId: string): Promise<UsageFigures> {
    const now = this.clock.now();
    const day = utcDay(now);
    const rows: Array<{ calls: number }> = await this.db.query(
      'SELECT calls FROM member_usage WHERE member_id = $1 AND day = $2::date',
      [memberId, day],
    );
    const minute = this.minutes.get(memberId);
    return {
      thisMinute: minute && minute.minute === Math.floor(now.getTime() / MINUTE_MS) ? minute.calls : 0,
      today: Number(rows[0]?.calls ?? 0) + (this.pending.get(`${day}|${memberId}`) ?? 0),
    };
  }

  /** Writes the pending counts (one statement); on failure they are kept for the next attempt. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    this.dropOldMinutes();
    await this.writeHours();
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const values: Array<string | number> = [];
    const rows: string[] = [];
    const memberIds: string[] = [];
    for (const [key, calls] of batch) {
      const [day, memberId] = key.split('|');
      memberIds.push(memberId);
      const at = values.length;
      values.push(memberId, day, calls);
      rows.push(`($${at + 1}::uuid, $${at + 2}::date, $${at + 3}::integer)`);
    }
    try {
      // Counts of a member who no longer exists are dropped (the members lib says who exists).
      const existing = new Set((await this.members.findByIds(memberIds)).map((member) => member.id));
      if (existing.size === 0) return;
      await this.db.query(
        `INSERT INTO member_usage (member_id, day, calls)
         SELECT v.member_id, v.day, v.calls FROM (VALUES ${rows.join(', ')}) AS v(member_id, day, calls)
          WHERE v.member_id = ANY($${values.length + 1}::uuid[])
         ON CONFLICT (member_id, day) DO UPDATE SET calls = member_usage.calls + EXCLUDED.calls`,
        [...values, [...existing]],
      );
    } catch (error) {
      for (const [key, calls] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + calls);
      this.logger.warn(`Could not write usage counters, will retry: ${(error as Error).message}`);
    }
  }

  private async writeHours(): Promise<void> {
    if (this.hours.size === 0) return;
    const batch = this.hours;
    this.hours = new Map();
    const values: Array<string | number> = [];
    const rows: string[] = [];
    for (const [hour, counts] of batch) {
      const at = values.length;
      values.push(new Date(hour).toISOString(), counts.calls, counts.links);
      rows.push(`($${at + 1}::timestamptz, $${at + 2}::bigint, $${at + 3}::bigint)`);
    }
    try {
      await this.db.query(
        `INSERT INTO usage_hours (hour, calls, links) VALUES ${rows.join(', ')}
         ON CONFLICT (hour) DO UPDATE SET calls = usage_hours.calls + EXCLUDED.calls, links = usage_hours.links + EXCLUDED.links`,
        values,
      );
    } catch (error) {
      for (const [hour, counts] of batch) {
        const kept = this.hours.get(hour) ?? { calls: 0, links: 0 };
        this.hours.set(hour, { calls: kept.calls + counts.calls, links: kept.links + counts.links });
      }
      this.logger.warn(`Could not write hourly usage, will retry: ${(error as Error).message}`);
    }
  }

  private dropOldMinutes(): void {
    const minute = Math.floor(this.clock.now().getTime() / MINUTE_MS);
    for (const [memberId, entry] of this.minutes) if (entry.minute < minute) this.minutes.delete(memberId);
  }
}
