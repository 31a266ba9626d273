import type { ComponentChildren, JSX } from 'preact';

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

/** A row's key: its `id` when it has one, else what `rowKey` makes of it. */
type RowKey<T> = T extends { id: string } ? { rowKey?: (row: T) => string } : { rowKey: (row: T) => string };

const byId = (row: unknown) => (row as { id: string }).id;

/**
 * A table that becomes one card per row under 600 px (each cell labelled by its column, the key column as the
 * card's title): every column stays readable on a phone, nothing scrolls sideways. With no rows, `empty` (what is
 * missing and the next step) stands in its place when given.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey = byId,
  id,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  id?: string;
  empty?: JSX.Element;
} & RowKey<T>) {
  if (rows.length === 0 && empty) return empty;
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

/**
 * Previous/next links of a list paged by number, `perPage` rows a page, and where it stands (plain links: they work
 * without a script); `link` makes a page's address.
 */
export function Pager({
  label,
  page,
  total,
  perPage,
  link,
}: {
  label: string;
  page: number;
  total: number;
  perPage: number;
  link: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const prev = page > 1 ? link(page - 1) : undefined;
  const next = page < pages ? link(page + 1) : undefined;
  if (!prev && !next) return null;
  return (
    <nav class="pager" aria-label={label}>
      {prev ? (
        <a class="button secondary small" href={prev}>
          Previous
        </a>
      ) : null}
      <span>{`Page ${page} of ${pages}`}</span>
      {next ? (
        <a class="button secondary small" href={next}>
          Next
        </a>
      ) : null}
    </nav>
  );
}

/** The link to the next page of a list paged by cursor (newest first): its label says what it shows. */
export function OlderLink({ label, href }: { label: string; href: string | null }) {
  if (!href) return null;
  return (
    <nav class="pager" aria-label={label}>
      <a class="button secondary small" href={href}>
        {label}
      </a>
    </nav>
  );
}
