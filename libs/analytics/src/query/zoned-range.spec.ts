import { AppException } from '@app/common';
import { rangeDays, shownDays, todayIn, zonedRange } from './zoned-range';

const at = (iso: string) => new Date(iso);
const refused = (run: () => unknown, words: RegExp) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    expect((error as AppException).code).toBe('invalid_request');
    expect((error as AppException).message).toMatch(words);
    return;
  }
  throw new Error('not refused');
};

describe('ZonedRange: the one range of the figures, local times in a zone', () => {
  it('defaults to the 30 days up to the end of today, today as the zone reads the clock', () => {
    expect(zonedRange({}, at('2026-11-28T16:00:00Z'))).toEqual({
      from: '2026-10-30T00:00:00',
      to: '2026-11-29T00:00:00',
      zone: 'UTC',
    });
  });

  it('a zone without summer time (Asia/Bangkok, UTC+7): its midnight is 17:00 UTC', () => {
    expect(todayIn('Asia/Bangkok', at('2026-11-28T16:59:59Z'))).toBe('2026-11-28');
    expect(todayIn('Asia/Bangkok', at('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
    expect(zonedRange({ timezone: 'Asia/Bangkok' }, at('2026-11-28T17:00:00Z')).to).toBe('2026-11-30T00:00:00');
    expect(zonedRange({ timezone: 'Asia/Bangkok' }, at('2026-11-28T16:59:59Z')).to).toBe('2026-11-29T00:00:00');
  });

  it('a zone with summer time (America/New_York): midnight moves from 05:00 to 04:00 UTC across the change', () => {
    // 8 March 2026, 02:00 EST becomes 03:00 EDT: the midnight before is at 05:00 UTC, the one after at 04:00 UTC.
    expect(todayIn('America/New_York', at('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(todayIn('America/New_York', at('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', at('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', at('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    // The day of the change is one day of the range (23 hours long where the member lives).
    const change = zonedRange(
      { start: '2026-03-08', end: '2026-03-08', timezone: 'America/New_York' },
      at('2026-11-28T00:00:00Z'),
    );
    expect(change).toEqual({ from: '2026-03-08T00:00:00', to: '2026-03-09T00:00:00', zone: 'America/New_York' });
    expect(rangeDays(change)).toBe(1);
  });

  it('an end day is included (the next midnight), a local end time is excluded', () => {
    const now = at('2026-11-28T00:00:00Z');
    expect(zonedRange({ start: '2026-09-01', end: '2026-09-30' }, now)).toMatchObject({
      from: '2026-09-01T00:00:00',
      to: '2026-10-01T00:00:00',
    });
    const hours = zonedRange({ start: '2026-09-10T23:00', end: '2026-09-11T01:30', timezone: 'Asia/Ho_Chi_Minh' }, now);
    expect(hours).toEqual({ from: '2026-09-10T23:00:00', to: '2026-09-11T01:30:00', zone: 'Asia/Ho_Chi_Minh' });
    expect(shownDays(hours)).toEqual({ start: '2026-09-10', end: '2026-09-11' });
    expect(shownDays(zonedRange({ start: '2026-09-01', end: '2026-09-30' }, now))).toEqual({
      start: '2026-09-01',
      end: '2026-09-30',
    });
  });

  it('refuses, in words, what is no range: a zone, a day, years, order and length', () => {
    const now = at('2026-11-28T00:00:00Z');
    refused(() => zonedRange({ timezone: 'Mars/Olympus' }, now), /not an IANA time zone/);
    refused(() => zonedRange({ start: '2026-02-30' }, now), /not a day of the calendar/);
    refused(() => zonedRange({ start: '1969-12-31', end: '1970-01-02' }, now), /from 1970 to 9998/);
    refused(() => zonedRange({ start: '2026-09-02', end: '2026-09-01' }, now), /end must be after start/);
    refused(() => zonedRange({ start: '2024-01-01', end: '2026-01-01' }, now), /at most 400 days/);
    refused(() => zonedRange({ start: 'yesterday' }, now), /not a day or a local time/);
  });
});
