import type { AnalyticsRow } from '@app/analytics';
import { EmptyState } from '../components';
import { DataTable } from '../table';
import { Amounts } from './amounts';

export function TopList({
  id,
  title,
  rows,
  empty,
  href,
}: {
  id: string;
  title: string;
  rows: AnalyticsRow[];
  empty: string;
  /** Where a row's name leads (an item's details), or nothing. */
  href?: (row: AnalyticsRow) => string | null;
}) {
  const name = (row: AnalyticsRow) => row.label || (row.key.split(':')[1] ?? row.key);
  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <DataTable
        caption={title}
        id={id}
        rows={rows}
        rowKey={(row) => row.key}
        empty={<EmptyState title={empty} />}
        columns={[
          {
            label: 'Name',
            primary: true,
            class: 'wrap',
            cell: (row) => {
              const to = href?.(row);
              return to ? <a href={to}>{name(row)}</a> : name(row);
            },
          },
          { label: 'Orders', cell: (row) => String(row.orders ?? 0) },
          { label: 'GMV', cell: (row) => <Amounts amounts={row.amounts} pick={(a) => a.gmv} /> },
          { label: 'Net commission', cell: (row) => <Amounts amounts={row.amounts} pick={(a) => a.net_commission} /> },
        ]}
      />
    </section>
  );
}
