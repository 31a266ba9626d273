import type { AnalyticsAmount, AnalyticsRow } from '@app/analytics';
import { formatMoney } from '../money';
import { StatTile } from '../stats';

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

/** The money figures of a range, each with what its tile says of it. */
const MONEY_FIGURES = {
  gmv: { label: 'GMV (orders not cancelled)', pick: (a: AnalyticsAmount) => a.gmv },
  commission: { label: 'commission completed (pending apart)', pick: (a: AnalyticsAmount) => a.commission_completed },
  net: { label: 'net commission (pending + completed)', pick: (a: AnalyticsAmount) => a.net_commission },
  epc: { label: 'earnings per click', pick: (a: AnalyticsAmount) => a.epc },
};

/** The stat tile of one money figure of a range (the earnings', an item's), a line per currency. */
export function MoneyTile({
  id,
  figure,
  amounts,
}: {
  id: string;
  figure: keyof typeof MONEY_FIGURES;
  amounts: AnalyticsAmount[];
}) {
  const { label, pick } = MONEY_FIGURES[figure];
  return (
    <StatTile id={id} label={label}>
      <Amounts amounts={amounts} pick={pick} />
    </StatTile>
  );
}

/** The stat tile of a range's orders, the cancelled ones apart. */
export function OrdersTile({ id, figures }: { id: string; figures: AnalyticsRow | null }) {
  return (
    <StatTile id={id} label={`orders (${figures?.cancelled_orders ?? 0} cancelled)`}>
      {String(figures?.orders ?? 0)}
    </StatTile>
  );
}
