import { formatMoney } from './money';

describe('formatMoney: one formatter for every amount the pages show', () => {
  it.each([
    ['440000', 'VND', '440,000 VND'],
    ['5833.333333', 'VND', '5,833 VND'],
    ['1480.5', 'VND', '1,481 VND'],
    ['1649000', 'IDR', '1,649,000 IDR'],
    ['18963.5', 'IDR', '18,964 IDR'],
    ['1242.5', 'THB', '1,242.50 THB'],
    ['29.165', 'THB', '29.17 THB'],
    ['0', 'PHP', '0.00 PHP'],
    ['-3.5', 'BRL', '-3.50 BRL'],
    // Beyond a float's exact range: the digits stay as sent.
    ['123456789012345678.125', 'THB', '123,456,789,012,345,678.13 THB'],
    ['12000', '', '12,000.00'],
  ])('%s %s → %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown);
  });
});
