import type { AnalyticsAmount } from '@app/analytics';
import { formatMoney } from '../money';

/** One line per currency (money is never summed across currencies); a dash when there is none. */
export function Amounts({
  amounts,
  pick,
}: {
  amounts: AnalyticsAmount[] | null;
  pick: (a: AnalyticsAmount) => string | null;
}) {
  const lines = (amounts ?? []).filter((amount) => pick(amount) !== null);
  if (lines.length === 0) return <span class="muted">—</span>;
  return (
    <span class="amounts">
      {lines.map((amount) => (
        <span key={amount.currency} class="amount">
          {formatMoney(pick(amount)!, amount.currency)}
        </span>
      ))}
    </span>
  );
}
