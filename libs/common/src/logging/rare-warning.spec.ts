import { RARE_WARNING_EVERY_MS, RareWarning } from './rare-warning';

describe('RareWarning', () => {
  afterEach(() => jest.restoreAllMocks());

  it('logs the first warning, then at most one per RARE_WARNING_EVERY_MS, and at once after reset()', () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const lines: string[] = [];
    const warning = new RareWarning({ warn: (message: string) => void lines.push(message) });
    warning.warn('a');
    warning.warn('b');
    now += RARE_WARNING_EVERY_MS - 1;
    warning.warn('c');
    now += 1;
    warning.warn('d');
    warning.reset();
    warning.warn('e');
    expect(lines).toEqual(['a', 'd', 'e']);
  });
});
