import { exceedsJsonDepth } from './json-depth';

describe('exceedsJsonDepth', () => {
  it('accepts flat and moderately nested values', () => {
    expect(exceedsJsonDepth('text', 1)).toBe(false);
    expect(exceedsJsonDepth({ a: [1, 2], b: { c: 'd' } }, 3)).toBe(false);
  });

  it('flags values nested past the limit', () => {
    expect(exceedsJsonDepth({ a: { b: { c: {} } } }, 3)).toBe(true);
    expect(exceedsJsonDepth([[[[]]]], 3)).toBe(true);
  });

  it('copes with very deep values without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(exceedsJsonDepth(deep, 16)).toBe(true);
  });
});
