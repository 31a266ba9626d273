import type { ComponentChildren } from 'preact';

export interface Column<T> {
  label: string;
  cell: (row: T) => ComponentChildren;
  /** Shown as the card's title under 600 px (the row's key column). */
  primary?: boolean;
  class?: string;
  /** What the header shows instead of the label (a sort link); the label stays the cells' name under 600 px. */
  header?: ComponentChildren;
  /** The column the rows are sorted by, and which way (`aria-sort`). */
  ariaSort?: 'asc' | 'desc';
}

/**
 * A table that becomes one card per row under 600 px (each cell labelled by its column, the key column as the
 * card's title): every column stays readable on a phone, nothing scrolls sideways.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  id,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  id?: string;
}) {
  return (
    <table class="data-table" id={id}>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              scope="col"
              key={column.label}
              aria-sort={column.ariaSort ? (column.ariaSort === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {column.header ?? column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td
                key={column.label}
                data-label={column.label}
                class={[column.primary ? 'primary' : '', column.class ?? ''].join(' ').trim() || undefined}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous/next links of a paged list (plain links: they work without a script). */
export function Pager({ label, prev, next, info }: { label: string; prev?: string; next?: string; info: string }) {
  if (!prev && !next) return null;
  return (
    <nav class="pager" aria-label={label}>
      {prev ? (
        <a class="button secondary small" href={prev}>
          Previous
        </a>
      ) : null}
      <span>{info}</span>
      {next ? (
        <a class="button secondary small" href={next}>
          Next
        </a>
      ) : null}
    </nav>
  );
}
