import { AppException } from '@app/common';
import { isCalendarDay } from '../import/report-values';

/**
 * A range of local date-times in an IANA time zone: `from` included, `to` excluded, both `YYYY-MM-DDTHH:mm:ss` as
 * the wall clock of `zone` reads them. The one range type of the figures: `GET /api/analytics`, the earnings pages
 * and the queries (which turn each local time into an instant in the database, `AT TIME ZONE zone`, so a day in a
 * zone with summer time is the day the member lives, 23 or 25 hours long).
 */
export interface ZonedRange {
  from: string;
  to: string;
  zone: string;
}

/** What a caller may ask: days (`YYYY-MM-DD`, the end included) or local times (`YYYY-MM-DDTHH:mm`, the end excluded). */
export interface AskedRange {
  start?: string;
  end?: string;
  /** Default UTC. */
  timezone?: string;
}

const DAY_MS = 86_400_000;
/** The longest range one request may cover. */
export const MAX_RANGE_DAYS = 400;
/** The default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The years a range may be in (a day past 9998 has no next midnight PostgreSQL and ISO dates agree on). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9998;
const LOCAL = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The range asked, checked (a 400 `invalid_request` in words otherwise): an IANA zone, days of the calendar from
 * 1970 to 9998, an end after the start, at most MAX_RANGE_DAYS. Defaults: the end is the end of today in the zone
 * (today as the zone's wall clock reads `now`, which is the app's Clock), the start 30 days before the end.
 */
export function zonedRange(asked: AskedRange, now: Date): ZonedRange {
  const zone = asked.timezone ?? 'UTC';
  const today = todayIn(zone, now);
  const to = asked.end ? localTime(asked.end, true) : `${addDays(today, 1)}T00:00:00`;
  const from = asked.start ? localTime(asked.start, false) : `${addDays(to.slice(0, 10), -DEFAULT_DAYS)}T00:00:00`;
  const span = (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / DAY_MS;
  if (Number.isNaN(span)) throw new AppException('invalid_request', 'start and end must be real dates');
  if (span <= 0) throw new AppException('invalid_request', 'end must be after start');
  if (span > MAX_RANGE_DAYS) throw new AppException('invalid_request', `A range covers at most ${MAX_RANGE_DAYS} days`);
  return { from, to, zone };
}

/** The day (`YYYY-MM-DD`) the wall clock of `zone` shows at `now`; a 400 when `zone` is no IANA time zone. */
export function todayIn(zone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    throw new AppException('invalid_request', `timezone "${zone.slice(0, 64)}" is not an IANA time zone`);
  }
}

/** Calendar days the range spans (its local times' difference; a summer-time day counts as one). */
export function rangeDays(range: ZonedRange): number {
  return Math.round((Date.parse(`${range.to}Z`) - Date.parse(`${range.from}Z`)) / DAY_MS);
}

/** The first and the last day the range covers (its end is excluded), as a page shows them. */
export function shownDays(range: ZonedRange): { start: string; end: string } {
  return {
    start: range.from.slice(0, 10),
    end: new Date(Date.parse(`${range.to}Z`) - 1000).toISOString().slice(0, 10),
  };
}

/** `2026-08-31` → `2026-08-31T00:00:00` (an end day is included: the next midnight); a day of the calendar only. */
function localTime(value: string, isEnd: boolean): string {
  if (!LOCAL.test(value))
    throw new AppException('invalid_request', `${value.slice(0, 20)} is not a day or a local time`);
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
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
