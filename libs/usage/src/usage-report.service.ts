import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** One point of a time series: the hour or the day it starts (UTC) and a count. */
export interface CountAt {
  at: Date;
  n: number;
}

/** Calls and links of all members in one hour (the admin overview). */
export interface HourOfUsage {
  hour: Date;
  calls: number;
  links: number;
}

/** A member's calls over a window. */
export interface MemberCalls {
  memberId: string;
  calls: number;
}

/**
 * What others read of the usage tables (`member_usage`, `usage_hours`): the figures the admin console draws. The
 * counts still in this instance's memory (see `UsageService`) are not in them.
 */
@Injectable()
export class UsageReport {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Calls and links of every member per hour since `since` (hours without calls have no row). */
  async perHour(since: Date): Promise<HourOfUsage[]> {
    const rows: Array<{ hour: Date; calls: string; links: string }> = await this.db.query(
      `SELECT hour, calls, links FROM usage_hours WHERE hour >= $1`,
      [since],
    );
    return rows.map((row) => ({ hour: new Date(row.hour), calls: Number(row.calls), links: Number(row.links) }));
  }

  /** One member's calls per UTC day from `fromDay` (`YYYY-MM-DD`) on (days without calls have no row). */
  async callsPerDay(memberId: string, fromDay: string): Promise<CountAt[]> {
    const rows: Array<{ at: Date; n: number }> = await this.db.query(
      `SELECT day::timestamp AT TIME ZONE 'UTC' AS at, calls AS n FROM member_usage WHERE member_id = $1 AND day >= $2::date`,
      [memberId, fromDay],
    );
    return rows.map((row) => ({ at: new Date(row.at), n: Number(row.n) }));
  }

  /**
   * The members with the most calls from `fromDay` on, most first: the first `limit`, and every member tied with
   * the last of them (the caller breaks ties by what it knows of the members, e.g. their email).
   */
  async topMembers(fromDay: string, limit: number): Promise<MemberCalls[]> {
    const rows: Array<{ member_id: string; calls: string }> = await this.db.query(
      `WITH totals AS (
         SELECT member_id, SUM(calls)::bigint AS calls FROM member_usage WHERE day >= $1::date GROUP BY member_id)
       SELECT member_id, calls FROM totals
        WHERE calls >= COALESCE((SELECT calls FROM totals ORDER BY calls DESC OFFSET $2 LIMIT 1), 0)
        ORDER BY calls DESC`,
      [fromDay, limit - 1],
    );
    return rows.map((row) => ({ memberId: row.member_id, calls: Number(row.calls) }));
  }
}
