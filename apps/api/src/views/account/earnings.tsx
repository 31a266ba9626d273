import type { AnalyticsAmount, AnalyticsRow, ImportSummary, OrderedItem, SyncStateView } from '@app/analytics';
import type { ProductDetails, ProductError } from '@app/products';
import type { ShortLinkRef } from '@app/shortlinks';
import Decimal from 'decimal.js';
import type { ComponentChildren } from 'preact';
import { Chart, type Column, DataTable, EmptyState, Field, LocalTime, plural, Status } from '../components';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { ProductCard } from './sections';
import { formatMoney } from '../money';

export const EARNINGS = sectionPath(ACCOUNT_SECTIONS, 'earnings');
const SETTINGS = sectionPath(ACCOUNT_SECTIONS, 'settings');

/** Time zones offered in the filter (any IANA zone may be typed). */
const ZONES = [
  'Asia/Ho_Chi_Minh',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Kuala_Lumpur',
  'Asia/Singapore',
  'America/Sao_Paulo',
  'UTC',
];

/** The sub-id table's sort keys (`?sort=`), in the order of its columns. */
export const EARNINGS_SORTS = ['sub_id', 'clicks', 'orders', 'conversion', 'gmv', 'net', 'epc'] as const;
export type EarningsSort = (typeof EARNINGS_SORTS)[number];

export interface EarningsFilters {
  /** The range shown (first and last day, in the time zone). */
  start: string;
  end: string;
  /** The days as asked ('' when defaulted: then the default follows the time zone). */
  asked: { start: string; end: string };
  timezone: string;
  marketplace: string;
  sub_id: string;
  link: string;
  q: string;
  sort: EarningsSort;
  dir: 'asc' | 'desc';
}

export interface EarningsData {
  filters: EarningsFilters;
  interval: string;
  totals: AnalyticsRow | null;
  series: AnalyticsRow[];
  subIds: AnalyticsRow[];
  items: AnalyticsRow[];
  shops: AnalyticsRow[];
  selectedLink: ShortLinkRef | null;
  links: LinkResults;
  syncs: SyncStateView[];
}

export interface LinkResults {
  q: string;
  page: number;
  links: ShortLinkRef[];
  hasMore: boolean;
  selected: string;
}

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);

/** One line per currency (money is never summed across currencies); a dash when there is none. */
function Amounts({
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

function Card({ id, label, children }: { id: string; label: string; children: ComponentChildren }) {
  return (
    <div class="stat" id={id}>
      <span class="stat-value">{children}</span>
      <span class="stat-label">{label}</span>
    </div>
  );
}

/** The figures of the whole range: clicks, orders, GMV, commission, net, conversion rate, EPC (per currency). */
function Cards({ totals }: { totals: AnalyticsRow | null }) {
  const amounts = totals?.amounts ?? [];
  return (
    <div class="stats earnings-cards" id="earnings-cards">
      <Card id="card-clicks" label={`clicks by people (${totals?.bot_clicks ?? 0} by bots)`}>
        {String(totals?.clicks ?? 0)}
      </Card>
      <Card id="card-orders" label={`orders (${totals?.cancelled_orders ?? 0} cancelled)`}>
        {String(totals?.orders ?? 0)}
      </Card>
      <Card id="card-gmv" label="GMV (orders not cancelled)">
        <Amounts amounts={amounts} pick={(a) => a.gmv} />
      </Card>
      <Card id="card-commission" label="commission completed (pending apart)">
        <Amounts amounts={amounts} pick={(a) => a.commission_completed} />
      </Card>
      <Card id="card-net" label="net commission (pending + completed)">
        <Amounts amounts={amounts} pick={(a) => a.net_commission} />
      </Card>
      <Card id="card-conversion" label="conversion rate (orders / clicks)">
        {percent(totals?.conversion_rate ?? null)}
      </Card>
      <Card id="card-epc" label="earnings per click">
        <Amounts amounts={amounts} pick={(a) => a.epc} />
      </Card>
    </div>
  );
}

function query(filters: EarningsFilters, change: Partial<EarningsFilters>): string {
  const merged = { ...filters, ...change };
  const params = new URLSearchParams();
  if (merged.asked.start) params.set('start', merged.asked.start);
  if (merged.asked.end) params.set('end', merged.asked.end);
  for (const key of ['timezone', 'marketplace', 'sub_id', 'link', 'sort', 'dir'] as const) {
    if (merged[key]) params.set(key, merged[key]);
  }
  return `${EARNINGS}?${params.toString()}`;
}

/** The biggest amount of a row in any currency (sorting only: amounts are never added across currencies). */
function top(row: AnalyticsRow, pick: (a: AnalyticsAmount) => string | null): Decimal {
  return (row.amounts ?? []).reduce((max, a) => Decimal.max(max, pick(a) ?? '0'), new Decimal(-1));
}

export function sortRows(rows: AnalyticsRow[], sort: EarningsSort, dir: 'asc' | 'desc'): AnalyticsRow[] {
  const value = (row: AnalyticsRow): Decimal | string => {
    switch (sort) {
      case 'sub_id':
        return row.key;
      case 'clicks':
        return new Decimal(row.clicks ?? 0);
      case 'orders':
        return new Decimal(row.orders ?? 0);
      case 'conversion':
        return new Decimal(row.conversion_rate ?? -1);
      case 'gmv':
        return top(row, (a) => a.gmv);
      case 'net':
        return top(row, (a) => a.net_commission);
      case 'epc':
        return top(row, (a) => a.epc);
    }
  };
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const diff = typeof x === 'string' ? x.localeCompare(y as string) : x.comparedTo(y as Decimal);
    return diff * sign || a.key.localeCompare(b.key);
  });
}

const SORT_LABELS: Record<EarningsSort, string> = {
  sub_id: 'Sub id',
  clicks: 'Clicks',
  orders: 'Orders',
  conversion: 'Conversion',
  gmv: 'GMV',
  net: 'Net commission',
  epc: 'EPC',
};

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

function SubIdTable({ data }: { data: EarningsData }) {
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
        if (sort === 'conversion') return percent(row.conversion_rate);
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
      {data.subIds.length === 0 ? (
        <EmptyState title="No clicks or orders in this range">
          <p>Make short links with sub ids (one per post or channel), or import a commission report below.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption="Clicks, orders and commission per sub id"
          id="subids-table"
          rows={sortRows(data.subIds, f.sort, f.dir)}
          rowKey={(row) => row.key}
          columns={columns}
        />
      )}
    </section>
  );
}

function TopList({
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
      {rows.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <DataTable
          caption={title}
          id={id}
          rows={rows}
          rowKey={(row) => row.key}
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
            {
              label: 'Net commission',
              cell: (row) => <Amounts amounts={row.amounts} pick={(a) => a.net_commission} />,
            },
          ]}
        />
      )}
    </section>
  );
}

/** The links that match the search, a page at a time (never a <select> of them all): radio buttons of the form. */
export function LinkResultsList({ results }: { results: LinkResults }) {
  const page = (n: number) =>
    `${EARNINGS}/links?q=${encodeURIComponent(results.q)}&page=${n}&selected=${encodeURIComponent(results.selected)}`;
  return (
    <div id="link-results" class="link-results">
      <fieldset>
        <legend class="visually-hidden">Link</legend>
        <label class="choice">
          <input type="radio" name="link" value="" checked={results.selected === ''} />
          All links
        </label>
        {results.links.map((link) => (
          <label class="choice" key={link.id}>
            <input type="radio" name="link" value={link.id} checked={results.selected === link.id} />
            <span class="choice-text">
              {link.url}
              <span class="muted">{` ${link.sub_id || '(no sub id)'}`}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {results.links.length === 0 ? <p class="hint">{`No link matches “${results.q}”.`}</p> : null}
      {results.page > 1 || results.hasMore ? (
        <div class="pager">
          {results.page > 1 ? (
            <button
              type="button"
              class="secondary small"
              hx-get={page(results.page - 1)}
              hx-target="#link-results"
              hx-swap="outerHTML"
            >
              Previous links
            </button>
          ) : null}
          <span>{`Page ${results.page}`}</span>
          {results.hasMore ? (
            <button
              type="button"
              class="secondary small"
              hx-get={page(results.page + 1)}
              hx-target="#link-results"
              hx-swap="outerHTML"
            >
              More links
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Filters({ data }: { data: EarningsData }) {
  const f = data.filters;
  return (
    <section class="card" aria-labelledby="filters-title">
      <h2 id="filters-title">Range and filters</h2>
      <form id="earnings-filters" method="get" action={EARNINGS} class="filter">
        <Field id="f-start" label="From" hint="Empty: 30 days before the last day">
          <input id="f-start" name="start" type="date" value={f.asked.start} aria-describedby="f-start-hint" />
        </Field>
        <Field id="f-end" label="To (included)" hint="Empty: today">
          <input id="f-end" name="end" type="date" value={f.asked.end} aria-describedby="f-end-hint" />
        </Field>
        <Field id="f-timezone" label="Time zone" hint="Decides the days">
          <input
            id="f-timezone"
            name="timezone"
            type="text"
            list="f-zones"
            value={f.timezone}
            maxlength={64}
            autocomplete="off"
            spellcheck={false}
            aria-describedby="f-timezone-hint"
          />
          <datalist id="f-zones">
            {ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
        <Field id="f-marketplace" label="Marketplace" hint="Of the links and orders">
          <select id="f-marketplace" name="marketplace" aria-describedby="f-marketplace-hint">
            <option value="" selected={f.marketplace === ''}>
              All
            </option>
            {['shopee', 'lazada', 'tiktok', 'tiki'].map((m) => (
              <option key={m} value={m} selected={f.marketplace === m}>
                {m[0].toUpperCase() + m.slice(1)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="f-sub-id" label="Sub id" hint="The whole combination, as fb-post1">
          <input
            id="f-sub-id"
            name="sub_id"
            type="text"
            value={f.sub_id}
            maxlength={300}
            autocomplete="off"
            aria-describedby="f-sub-id-hint"
          />
        </Field>
        <input type="hidden" name="sort" value={f.sort} />
        <input type="hidden" name="dir" value={f.dir} />
        <div class="field link-field">
          <label for="f-link-search">Link (search by code, target or sub id)</label>
          <input
            id="f-link-search"
            name="q"
            type="search"
            value={f.q}
            maxlength={200}
            autocomplete="off"
            hx-get={`${EARNINGS}/links`}
            hx-trigger="input changed delay:300ms, search"
            hx-target="#link-results"
            hx-swap="outerHTML"
            hx-vals={JSON.stringify({ selected: f.link })}
            aria-describedby="f-link-selected"
          />
          <p class="hint" id="f-link-selected">
            {data.selectedLink ? `Showing: ${data.selectedLink.url}` : 'Showing: all links'}
          </p>
          <LinkResultsList results={data.links} />
        </div>
        <div class="actions">
          <button type="submit">Show</button>
          <a class="button secondary" href={EARNINGS}>
            Reset
          </a>
        </div>
      </form>
    </section>
  );
}

function SeriesChart({ data }: { data: EarningsData }) {
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

/** How the time a report was made is known, in words. */
const MADE_AT_FROM: Record<string, string> = {
  stated: 'as you said',
  file_name: "from the file's name",
  upload: 'taken as the upload time: the file name gives no time',
  pull: 'the pull',
};
const KEPT_WORDS: Record<string, string> = {
  older_report: 'set by a newer report',
  final_status: 'final status (cancelled, or completed going back)',
};

/** What an import did or would do: counts, the reasons of skipped rows, and (preview) the Apply button. */
export function ImportResult({ summary }: { summary: ImportSummary }) {
  const reasons = Object.entries(summary.skipped_by_reason);
  const changes = Object.entries(summary.status_changes);
  return (
    <div id="import-result" class="result" role="region" aria-labelledby="import-result-title">
      <h3 id="import-result-title">
        {summary.applied ? 'Imported' : `Preview: ${summary.marketplace} report, ${summary.currencies.join(', ')}`}
      </h3>
      <dl class="facts" id="import-counts">
        <dt>Rows read</dt>
        <dd>{String(summary.rows_read)}</dd>
        <dt>New lines</dt>
        <dd>{String(summary.new)}</dd>
        <dt>Updated</dt>
        <dd>{String(summary.updated)}</dd>
        <dt>Unchanged</dt>
        <dd>{String(summary.unchanged)}</dd>
        <dt>Skipped</dt>
        <dd>{String(summary.skipped)}</dd>
        <dt>Attributed to your links</dt>
        <dd>{String(summary.attributed_to_links)}</dd>
        <dt>Unattributed</dt>
        <dd>{String(summary.unattributed)}</dd>
        <dt>Kept (a newer report or a final status)</dt>
        <dd>{String(summary.kept)}</dd>
      </dl>
      <p class="hint" id="import-report-time">
        {`Report made ${summary.report.made_at.slice(0, 16).replace('T', ' ')} UTC (${MADE_AT_FROM[summary.report.made_at_from]})` +
          (summary.report.affiliate_id ? `, account ${summary.report.affiliate_id}` : '') +
          '.'}
      </p>
      {summary.ambiguous_account > 0 ? (
        <p class="hint">
          {`${summary.ambiguous_account} lines have links of several affiliate accounts for their sub ids: name the report's account to credit them.`}
        </p>
      ) : null}
      {summary.kept > 0 ? (
        <p class="hint">
          {`Kept as stored: ${Object.entries(summary.kept_by_reason)
            .map(([reason, n]) => `${KEPT_WORDS[reason] ?? reason} ${n}`)
            .join(', ')}.`}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <p class="hint">{`Skipped: ${reasons.map(([reason, n]) => `${reason.replace(/_/g, ' ')} ${n}`).join(', ')}.`}</p>
      ) : null}
      {changes.length > 0 ? (
        <p class="hint">{`Status changes: ${changes.map(([change, n]) => `${change} ${n}`).join(', ')}.`}</p>
      ) : null}
      {summary.problems.length > 0 ? (
        <details>
          <summary>{`Rows skipped (${summary.problems.length === summary.skipped ? 'all' : `first ${summary.problems.length}`})`}</summary>
          <ul class="problems">
            {summary.problems.map((problem) => (
              <li key={problem.row}>{`Row ${problem.row}: ${problem.message}`}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {summary.applied ? (
        // The page again, with its range and filters (the current address).
        <a class="button secondary small" href="" id="import-show">
          Show the figures
        </a>
      ) : (
        <button
          type="button"
          id="import-apply"
          hx-post={`${EARNINGS}/import?apply=true`}
          hx-ext="ignore:json-enc, raw-file"
          data-file="import-file"
          data-account="import-account"
          hx-target="#import-result"
          hx-swap="outerHTML"
          hx-disabled-elt="this"
        >
          {`Apply: ${summary.new} new, ${summary.updated} updated`}
        </button>
      )}
    </div>
  );
}

function ImportCard() {
  return (
    <section class="card" aria-labelledby="import-title" id="import-card">
      <h2 id="import-title">Import a commission report</h2>
      <p class="hint">
        Shopee's commission report (<code>AffiliateCommissionReport….csv</code>, any portal language) or Lazada's
        conversion report, as downloaded. You see what it would change before anything is written; importing the same
        file again changes nothing.
      </p>
      <form
        id="import"
        class="stack"
        hx-post={`${EARNINGS}/import`}
        hx-ext="ignore:json-enc, raw-file"
        data-file="import-file"
        data-account="import-account"
        hx-target="#import-result"
        hx-swap="outerHTML"
        hx-disabled-elt="find button"
      >
        <Field id="import-file" label="Report file (.csv)">
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
        </Field>
        <Field id="import-account" label="Affiliate account of the report (optional)">
          <input id="import-account" name="affiliate_id" type="text" maxLength={64} pattern="[A-Za-z0-9_\-]{1,64}" />
        </Field>
        <Status id="import" />
        <button type="submit">Preview</button>
      </form>
      <div id="import-result"></div>
    </section>
  );
}

const STATE_LABELS: Record<string, string> = { never: 'never run', running: 'running', ok: 'ok', error: 'failed' };

/** Every source, synced or not yet (a source never run has no row). */
function withEverySource(syncs: SyncStateView[]): SyncStateView[] {
  return (['shopee', 'lazada'] as const).map(
    (marketplace) =>
      syncs.find((sync) => sync.marketplace === marketplace) ?? {
        marketplace,
        state: 'never',
        last_started_at: null,
        last_finished_at: null,
        last_success_at: null,
        last_error: null,
        lines_new: 0,
        lines_updated: 0,
        lines_skipped: 0,
        skipped_by_reason: {},
        calls: 0,
      },
  );
}

/** `unknown_status: 2` → "2 with a status word not known yet". */
function skippedWords(row: SyncStateView): string {
  return Object.entries(row.skipped_by_reason)
    .map(([reason, n]) => (reason === 'unknown_status' ? `${n} with a status word not known yet` : `${n} ${reason}`))
    .join(', ');
}

export function SyncCard({ syncs }: { syncs: SyncStateView[] }) {
  return (
    <section class="card" aria-labelledby="sync-title" id="sync-card">
      <h2 id="sync-title">Report sync</h2>
      <p class="hint">
        With your marketplace app credentials in <a href={SETTINGS}>Settings</a>, your order reports are pulled every
        hour (the last 90 days again: statuses change).
      </p>
      <DataTable
        caption="Report sync per marketplace"
        id="sync-table"
        rows={withEverySource(syncs)}
        rowKey={(row) => row.marketplace}
        columns={[
          { label: 'Source', primary: true, cell: (row) => (row.marketplace === 'shopee' ? 'Shopee' : 'Lazada') },
          {
            label: 'State',
            cell: (row) => (
              <span class={`badge ${row.state === 'error' ? 'failed' : row.state === 'ok' ? 'active' : ''}`}>
                {STATE_LABELS[row.state] ?? row.state}
              </span>
            ),
          },
          { label: 'Last success', cell: (row) => <LocalTime value={row.last_success_at} /> },
          {
            label: 'Last run',
            cell: (row) =>
              row.state === 'never'
                ? '—'
                : `${row.lines_new} new, ${row.lines_updated} updated, ` +
                  (row.lines_skipped > 0 ? `${row.lines_skipped} skipped (${skippedWords(row)}), ` : '') +
                  plural(row.calls, 'call'),
          },
          { label: 'Last error', class: 'wrap', cell: (row) => row.last_error ?? '—' },
          {
            label: 'Sync',
            cell: (row) => (
              <button
                type="button"
                class="secondary small"
                hx-post={`${EARNINGS}/sync?marketplace=${row.marketplace}`}
                hx-target="#sync-card"
                hx-swap="outerHTML"
                hx-disabled-elt="this"
                aria-label={`Sync ${row.marketplace} now`}
              >
                Sync now
              </button>
            ),
          },
        ]}
      />
      <Status id="sync" />
    </section>
  );
}

export function EarningsSection({ data }: { data: EarningsData }) {
  return (
    <>
      <Filters data={data} />
      <section class="card" aria-labelledby="totals-title">
        <h2 id="totals-title">{`${data.filters.start} to ${data.filters.end} (${data.filters.timezone})`}</h2>
        <Cards totals={data.totals} />
        <p class="hint">
          Money is shown per currency, never added across currencies. Orders count distinct orders not cancelled.
        </p>
      </section>
      <SeriesChart data={data} />
      <SubIdTable data={data} />
      <div class="admin-grid">
        <TopList
          id="top-items"
          title="Top items"
          rows={data.items}
          empty="No items ordered in this range"
          href={(row) => itemHref(row.key, data.filters)}
        />
        <TopList id="top-shops" title="Top shops" rows={data.shops} empty="No shops in this range" />
      </div>
      <ImportCard />
      <SyncCard syncs={data.syncs} />
    </>
  );
}

/** The details page of an item of the top list (`shopee:123456`), in the page's range and time zone. */
export function itemHref(key: string, filters: Pick<EarningsFilters, 'asked' | 'timezone'>): string | null {
  const [marketplace, itemId] = key.split(':');
  if (!marketplace || !itemId) return null;
  return `${EARNINGS}/items/${encodeURIComponent(marketplace)}/${encodeURIComponent(itemId)}?${rangeQuery(filters)}`;
}

/** The earnings page in a range and time zone (the way back from an item). */
export function earningsHref(filters: Pick<EarningsFilters, 'asked' | 'timezone'>): string {
  return `${EARNINGS}?${rangeQuery(filters)}`;
}

function rangeQuery({ asked, timezone }: Pick<EarningsFilters, 'asked' | 'timezone'>): URLSearchParams {
  const range = new URLSearchParams({ timezone });
  if (asked.start) range.set('start', asked.start);
  if (asked.end) range.set('end', asked.end);
  return range;
}

export interface ItemDetailsData {
  item: OrderedItem;
  /** The item's page on the marketplace, when its site is known. */
  productUrl: string | null;
  product: ProductDetails | null;
  /** Why there are no details (what to save, or what the marketplace said). */
  productError: ProductError | null;
  /** The item's orders, GMV and commission in the range. */
  figures: AnalyticsRow | null;
  range: { start: string; end: string; timezone: string };
  back: string;
}

/** An item of the member's orders: its product details (name, image, price, rate) beside what it earned. */
export function ItemDetailsSection({ data }: { data: ItemDetailsData }) {
  const amounts = data.figures?.amounts ?? [];
  const marketplace = data.item.marketplace === 'shopee' ? 'Shopee' : 'Lazada';
  return (
    <>
      <p>
        <a href={data.back}>← Earnings</a>
      </p>
      <section class="card" aria-labelledby="item-title">
        <h2 id="item-title">{data.item.item_name || `Item ${data.item.item_id}`}</h2>
        <p class="hint">
          {`${marketplace} item ${data.item.item_id}${data.item.shop_name ? ` · ${data.item.shop_name}` : ''}`}
          {data.productUrl ? (
            <>
              {' · '}
              <a href={data.productUrl} rel="noopener noreferrer nofollow" target="_blank">
                {`Open on ${marketplace}`}
              </a>
            </>
          ) : null}
        </p>
        {data.product ? <ProductCard product={data.product} /> : null}
        {data.productError ? (
          <p class="product-note" id="item-product-error">
            {`No product details (${data.productError.code}): ${data.productError.message} `}
            {data.productError.code === 'product_not_configured' ? (
              <a href={sectionPath(ACCOUNT_SECTIONS, 'settings')}>Open your settings</a>
            ) : null}
          </p>
        ) : null}
      </section>
      <section class="card" aria-labelledby="item-figures-title">
        <h2 id="item-figures-title">{`${data.range.start} to ${data.range.end} (${data.range.timezone})`}</h2>
        <div class="stats earnings-cards" id="item-cards">
          <Card id="item-orders" label={`orders (${data.figures?.cancelled_orders ?? 0} cancelled)`}>
            {String(data.figures?.orders ?? 0)}
          </Card>
          <Card id="item-gmv" label="GMV (orders not cancelled)">
            <Amounts amounts={amounts} pick={(a) => a.gmv} />
          </Card>
          <Card id="item-net" label="net commission (pending + completed)">
            <Amounts amounts={amounts} pick={(a) => a.net_commission} />
          </Card>
        </div>
      </section>
    </>
  );
}
