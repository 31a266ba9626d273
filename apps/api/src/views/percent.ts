import Decimal from 'decimal.js';

/**
 * The pages' two percentages, in one place. A ratio the figures computed (a conversion rate, orders / clicks) as
 * `12.34%`, two decimals, a dash when there is none.
 */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(2)}%`;
}

/** A marketplace's commission rate as sent (an exact decimal string, `0.1234`) as `12.34 %`, every digit kept. */
export function formatCommissionRate(rate: string | null): string | null {
  return rate === null ? null : `${new Decimal(rate).mul(100).toFixed()} %`;
}
