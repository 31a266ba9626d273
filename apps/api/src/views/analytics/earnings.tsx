import type { AnalyticsRow } from '@app/analytics';
import { Field } from '../components';
import { InputField } from '../forms';
import { formatRate } from '../percent';
import { StatTile, StatTiles } from '../stats';
import { MoneyTile, OrdersTile } from './amounts';
import { EarningsChart } from './earnings-chart';
import { EARNINGS, type EarningsData, itemHref } from './earnings-state';
import { ImportCard } from './import-report';
import { LinkResultsList } from './link-results';
import { SubIdTable } from './sub-id-table';
import { SyncCard } from './sync-card';
import { TopList } from './top-list';

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

/** The figures of the whole range: clicks, orders, GMV, commission, net, conversion rate, EPC (per currency). */
function Cards({ totals }: { totals: AnalyticsRow | null }) {
  const amounts = totals?.amounts ?? [];
  return (
    <StatTiles id="earnings-cards" wide>
      <StatTile id="card-clicks" label={`clicks by people (${totals?.bot_clicks ?? 0} by bots)`}>
        {String(totals?.clicks ?? 0)}
      </StatTile>
      <OrdersTile id="card-orders" figures={totals} />
      <MoneyTile id="card-gmv" figure="gmv" amounts={amounts} />
      <MoneyTile id="card-commission" figure="commission" amounts={amounts} />
      <MoneyTile id="card-net" figure="net" amounts={amounts} />
      <StatTile id="card-conversion" label="conversion rate (orders / clicks)">
        {formatRate(totals?.conversion_rate ?? null)}
      </StatTile>
      <MoneyTile id="card-epc" figure="epc" amounts={amounts} />
    </StatTiles>
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
        <InputField
          id="f-timezone"
          label="Time zone"
          hint="Decides the days"
          name="timezone"
          list="f-zones"
          value={f.timezone}
          maxlength={64}
          autocomplete="off"
          spellcheck={false}
          aria-describedby="f-timezone-hint"
        >
          <datalist id="f-zones">
            {ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </InputField>
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
        <InputField
          id="f-sub-id"
          label="Sub id"
          hint="The whole combination, as fb-post1"
          name="sub_id"
          value={f.sub_id}
          maxlength={300}
          autocomplete="off"
          aria-describedby="f-sub-id-hint"
        />
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
      <EarningsChart data={data} />
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
