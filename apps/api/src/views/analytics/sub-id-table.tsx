import type { AnalyticsRow } from '@app/analytics';
import { EmptyState, Field } from '../components';
import { formatRate } from '../percent';
import { type Column, DataTable } from '../table';
import { Amounts } from './amounts';
import {
  EARNINGS,
  EARNINGS_SORTS,
  type EarningsData,
  type EarningsFilters,
  type EarningsSort,
  query,
  SORT_LABELS,
  sortRows,
} from './earnings-state';

/** A column header that sorts the table by it (a link: works without a script), with aria-sort. */
function SortHeader({ filters, sort }: { filters: EarningsFilters; sort: EarningsSort }) {
  const current = filters.sort === sort;
  const next = current && filters.dir === 'desc' ? 'asc' : 'desc';
  return (
    <a href={`${query(filters, { sort, dir: next })}#subids-title`} class="sort">
      {SORT_LABELS[sort]}
      {current ? <span aria-hidden="true">{filters.dir === 'desc' ? ' ▼' : ' ▲'}</span> : null}
    </a>
  );
}

export function SubIdTable({ data }: { data: EarningsData }) {
  const f = data.filters;
  const columns: Column<AnalyticsRow>[] = [
    {
      label: 'Sub id',
      header: <SortHeader filters={f} sort="sub_id" />,
      ariaSort: f.sort === 'sub_id' ? f.dir : undefined,
      primary: true,
      cell: (row) =>
        row.key ? <a href={query(f, { sub_id: row.key })}>{row.key}</a> : <span class="muted">(no sub id)</span>,
    },
    ...(['clicks', 'orders', 'conversion', 'gmv', 'net', 'epc'] as const).map((sort): Column<AnalyticsRow> => ({
      label: SORT_LABELS[sort],
      header: <SortHeader filters={f} sort={sort} />,
      ariaSort: f.sort === sort ? f.dir : undefined,
      cell: (row) => {
        if (sort === 'clicks') return `${row.clicks ?? 0}`;
        if (sort === 'orders')
          return row.cancelled_orders ? `${row.orders ?? 0} (${row.cancelled_orders} cancelled)` : `${row.orders ?? 0}`;
        if (sort === 'conversion') return formatRate(row.conversion_rate);
        if (sort === 'gmv') return <Amounts amounts={row.amounts} pick={(a) => a.gmv} />;
        if (sort === 'net') return <Amounts amounts={row.amounts} pick={(a) => a.net_commission} />;
        return <Amounts amounts={row.amounts} pick={(a) => a.epc} />;
      },
    })),
  ];
  return (
    <section class="card" aria-labelledby="subids-title" id="subids-card">
      <h2 id="subids-title">By sub id</h2>
      <form method="get" action={EARNINGS} class="filter sort-form" aria-label="Sort the sub ids">
        {(['timezone', 'marketplace', 'sub_id', 'link'] as const).map((key) =>
          f[key] ? <input key={key} type="hidden" name={key} value={f[key]} /> : null,
        )}
        {f.asked.start ? <input type="hidden" name="start" value={f.asked.start} /> : null}
        {f.asked.end ? <input type="hidden" name="end" value={f.asked.end} /> : null}
        <Field id="sort-by" label="Sort by">
          <select id="sort-by" name="sort">
            {EARNINGS_SORTS.map((sort) => (
              <option key={sort} value={sort} selected={f.sort === sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="sort-dir" label="Order">
          <select id="sort-dir" name="dir">
            <option value="desc" selected={f.dir === 'desc'}>
              Largest first
            </option>
            <option value="asc" selected={f.dir === 'asc'}>
              Smallest first
            </option>
          </select>
        </Field>
        <button type="submit" class="secondary small">
          Sort
        </button>
      </form>
      <DataTable
        caption="Clicks, orders and commission per sub id"
        id="subids-table"
        rows={sortRows(data.subIds, f.sort, f.dir)}
        rowKey={(row) => row.key}
        columns={columns}
        empty={
          <EmptyState title="No clicks or orders in this range">
            <p>Make short links with sub ids (one per post or channel), or import a commission report below.</p>
          </EmptyState>
        }
      />
    </section>
  );
}
