import fc from 'fast-check';
import { utcMondayOf } from './click-summaries';

describe('utcMondayOf: the UTC week of a moment, as date_trunc(week) gives it', () => {
  it('is the Monday at 00:00 UTC on or before the moment, across month and year ends', () => {
    expect(utcMondayOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // Monday
    expect(utcMondayOf(new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // Sunday
    expect(utcMondayOf(new Date('2026-03-01T12:00:00Z')).toISOString()).toBe('2026-02-23T00:00:00.000Z');
    expect(utcMondayOf(new Date('2027-01-01T05:00:00Z')).toISOString()).toBe('2026-12-28T00:00:00.000Z');
  });

  it('is a Monday at midnight, less than 7 days before, for any moment', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01Z'), max: new Date('2200-01-01Z'), noInvalidDate: true }), (d) => {
        const monday = utcMondayOf(d);
        expect(monday.getUTCDay()).toBe(1);
        expect(monday.getTime() % 86_400_000).toBe(0);
        expect(d.getTime() - monday.getTime()).toBeGreaterThanOrEqual(0);
        expect(d.getTime() - monday.getTime()).toBeLessThan(7 * 86_400_000);
      }),
    );
  });
});
