import { EmptyState } from '../components';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { redraws } from '../forms';
import { StatTile, StatTiles } from '../stats';

const TRY = sectionPath(ACCOUNT_SECTIONS, 'try');

/** The short-link quotas of the member's plan and their use (the same figures as `GET /api/limits`). */
export interface ShortLinkQuotaView {
  per_day: number;
  today: number;
  total_limit: number;
  total: number;
}

export function UsageSection({
  usage,
}: {
  usage: { this_minute: number; today: number; short_links?: ShortLinkQuotaView };
}) {
  const quota = usage.short_links;
  return (
    <section class="card" aria-labelledby="usage-title" id="usage-card">
      <h2 id="usage-title">Usage</h2>
      <StatTiles>
        <StatTile valueId="usage-minute" label="conversions this minute">
          {String(usage.this_minute)}
        </StatTile>
        <StatTile valueId="usage-today" label="conversions today (UTC)">
          {String(usage.today)}
        </StatTile>
        {quota ? (
          <StatTile valueId="usage-short-links-today" label="new short links today (UTC), your plan's daily quota">
            {`${quota.today} / ${quota.per_day}`}
          </StatTile>
        ) : null}
        {quota ? (
          <StatTile valueId="usage-short-links-total" label="short links in all, your plan's quota">
            {`${quota.total} / ${quota.total_limit}`}
          </StatTile>
        ) : null}
      </StatTiles>
      {usage.today === 0 ? (
        <EmptyState title="No conversions today">
          <a href={TRY}>Try a conversion</a> or copy the Quickstart call from <a href="/dashboard">API key</a>.
        </EmptyState>
      ) : null}
      <button type="button" class="secondary small" {...redraws('usage-card')}>
        Refresh
      </button>
    </section>
  );
}
