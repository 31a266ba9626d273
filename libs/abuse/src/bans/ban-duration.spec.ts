import { banDurationSeconds } from './ban-duration';

describe('banDurationSeconds', () => {
  it('doubles from 15 minutes on each repeat, up to 24 hours', () => {
    const minutes = Array.from({ length: 10 }, (_, level) => banDurationSeconds(level, 15, 1440) / 60);
    expect(minutes).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440, 1440]);
  });

  it('never overflows on absurd levels', () => {
    expect(banDurationSeconds(10_000, 15, 1440)).toBe(86_400);
    expect(banDurationSeconds(-1, 15, 1440)).toBe(900);
  });
});
