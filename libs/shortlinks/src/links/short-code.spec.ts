import { SHORT_CODE_ALPHABET } from '../shortlinks.constants';
import { randomShortCode } from './short-code';

describe('randomShortCode', () => {
  it('makes codes of the asked length from the alphabet without look-alikes', () => {
    for (const length of [5, 7, 12]) {
      const code = randomShortCode(length);
      expect(code).toHaveLength(length);
      for (const char of code) expect(SHORT_CODE_ALPHABET).toContain(char);
    }
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[0O1lI2Z5Ssuv]/);
  });

  it('gives 10,000 different codes of 7 characters', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => randomShortCode(7)));
    expect(codes.size).toBe(10_000);
  });

  it('uses every character of the alphabet, none far more often than the others', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i += 1)
      for (const char of randomShortCode(7)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(SHORT_CODE_ALPHABET.length);
    const expected = (4000 * 7) / SHORT_CODE_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.35);
  });
});
