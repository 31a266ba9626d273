import Decimal from 'decimal.js';
import { Chart, EmptyState, plural } from '../components';
import type { EarningsData } from './earnings-state';

export function EarningsChart({ data }: { data: EarningsData }) {
  const labels = data.series.map((row) =>
    data.interval === 'hour' ? row.key.slice(5).replace('T', ' ') : row.key.slice(0, 10),
  );
  const clicks = data.series.map((row) => row.clicks ?? 0);
  const orders = data.series.map((row) => row.orders ?? 0);
  const currencies = [...new Set(data.series.flatMap((row) => (row.amounts ?? []).map((a) => a.currency)))];
  return (
    <section class="card" aria-labelledby="series-title">
      <h2 id="series-title">Over time</h2>
      <Chart
        id="earnings-chart"
        title={`Clicks and orders per ${data.interval} (${data.filters.timezone})`}
        summary={`${plural(
          clicks.reduce((s, v) => s + v, 0),
          'click',
        )} by people and ${plural(
          orders.reduce((s, v) => s + v, 0),
          'order',
        )} in ${labels.length} ${data.interval}s.`}
        spec={{
          type: 'bar',
          labels,
          datasets: [
            { label: 'Clicks', data: clicks, color: '#4f6bed' },
            { label: 'Orders', data: orders, color: '#b63d1b' },
          ],
        }}
        empty={<EmptyState title="No clicks or orders in this range" />}
      />
      {currencies.map((currency) => (
        <Chart
          key={currency}
          id={`earnings-net-${currency.toLowerCase()}`}
          title={`Net commission per ${data.interval}, ${currency}`}
          summary={`Net commission in ${currency} (pending + completed), per ${data.interval}.`}
          spec={{
            type: 'line',
            labels,
            datasets: [
              {
                label: `Net commission (${currency})`,
                data: data.series.map((row) =>
                  new Decimal(row.amounts?.find((a) => a.currency === currency)?.net_commission ?? '0').toNumber(),
                ),
                color: '#1f7a45',
              },
            ],
          }}
          empty={<EmptyState title={`No ${currency} commission in this range`} />}
        />
      ))}
    </section>
  );
}
