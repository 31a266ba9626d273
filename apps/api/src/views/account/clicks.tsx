import type { ShortLinkService } from '@app/shortlinks';
import { Chart, EmptyState, Field, LocalTime, plural } from '../components';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { redraws } from '../forms';
import { DataTable, Pager } from '../table';

type ShortLinkView = Awaited<ReturnType<ShortLinkService['list']>>['links'][number];
type SubIdClicks = Awaited<ReturnType<ShortLinkService['subIds']>>[number];
type ClicksPerDay = Awaited<ReturnType<ShortLinkService['clicksPerDay']>>[number];

const TRY = sectionPath(ACCOUNT_SECTIONS, 'try');

export interface ClicksData {
  scope: string;
  links: ShortLinkView[];
  total: number;
  page: number;
  perPage: number;
  subIds: SubIdClicks[];
  days: ClicksPerDay[];
}

export function linkScope(link: ShortLinkView): string {
  return `code:${link.code}:${link.domain ?? ''}`;
}

export function ClicksSection({ data }: { data: ClicksData }) {
  const people = data.days.reduce((sum, day) => sum + day.clicks, 0);
  const bots = data.days.reduce((sum, day) => sum + day.bot_clicks, 0);
  if (data.total === 0) {
    return (
      <section class="card" aria-labelledby="links-title" id="clicks-panel">
        <h2 id="links-title">Short links</h2>
        <EmptyState title="No short links yet">
          <p>
            Short links are made by the <code>own_shortener</code> and <code>custom_domain_shortener</code> modes; their
            clicks show here.
          </p>
          <a class="button secondary small" href={`${TRY}?mode=own_shortener`}>
            Make one in Try it
          </a>
        </EmptyState>
      </section>
    );
  }
  return (
    <section class="card" aria-labelledby="links-title" id="clicks-panel">
      <h2 id="links-title">Short links</h2>
      <p class="hint">Clicks are written every few seconds; link previews and other bots are counted apart.</p>
      <form class="filter" method="get" hx-trigger="change" {...redraws('clicks-panel')}>
        <Field id="clicks-scope" label="Show clicks of">
          <select id="clicks-scope" name="scope">
            <option value="all" selected={data.scope === 'all'}>
              All short links
            </option>
            <optgroup label="One short link">
              {data.links.map((link) => (
                <option key={link.url} value={linkScope(link)} selected={data.scope === linkScope(link)}>
                  {link.url}
                </option>
              ))}
            </optgroup>
            {data.subIds.length > 0 ? (
              <optgroup label="One sub id">
                {data.subIds.map((entry) => (
                  <option
                    key={entry.sub_id}
                    value={`sub:${entry.sub_id}`}
                    selected={data.scope === `sub:${entry.sub_id}`}
                  >
                    {`${entry.sub_id || '(no sub id)'} · ${plural(entry.links, 'link')}`}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </Field>
        <button type="submit" class="secondary small">
          Show
        </button>
      </form>
      <Chart
        id="clicks-chart"
        title="Clicks per day (last 30 days, UTC)"
        summary={`${plural(people, 'click')} by people, ${bots} by bots, in ${data.days.length} days.`}
        spec={{
          type: 'bar',
          stacked: true,
          labels: data.days.map((day) => day.day.slice(5)),
          datasets: [
            { label: 'People', data: data.days.map((day) => day.clicks), color: '#4f6bed' },
            { label: 'Bots', data: data.days.map((day) => day.bot_clicks), color: '#8a94a6' },
          ],
        }}
        empty={
          <EmptyState title="No clicks in the last 30 days">
            <p>Share a short link: its clicks are drawn here per day.</p>
          </EmptyState>
        }
      />
      <DataTable
        caption="Your short links"
        id="links-table"
        rows={data.links}
        rowKey={(link) => link.url}
        columns={[
          {
            label: 'Short link',
            primary: true,
            cell: (link) => (
              <a href={link.url} rel="noopener noreferrer" target="_blank">
                {link.url}
              </a>
            ),
          },
          { label: 'Target', class: 'wrap', cell: (link) => link.target },
          { label: 'Sub id', cell: (link) => link.sub_id || '—' },
          { label: 'Clicks', cell: (link) => `${link.clicks} by people, ${link.bot_clicks} by bots` },
          { label: 'Created', cell: (link) => <LocalTime value={link.created_at} /> },
        ]}
      />
      <Pager
        label="Short link pages"
        page={data.page}
        total={data.total}
        perPage={data.perPage}
        link={(page) => `?page=${page}&scope=${encodeURIComponent(data.scope)}`}
      />
    </section>
  );
}
