import { secretPreview } from './secret-preview';

describe('secretPreview', () => {
  it('shows at most the first and last four characters, and nothing of short values', () => {
    expect(secretPreview('abcdefghijklmnopqrstuvwxyz')).toBe('abcd…wxyz');
    expect(secretPreview('123456789012')).toBe('1234…9012');
    expect(secretPreview('12345678901')).toBe('••••');
    expect(secretPreview('')).toBe('••••');
  });
});
