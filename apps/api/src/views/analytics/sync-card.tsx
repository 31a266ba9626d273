import type { SyncStateView } from '@app/analytics';
import { LocalTime, plural, Status } from '../components';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { DataTable } from '../table';
import { EARNINGS } from './earnings-state';

const SETTINGS = sectionPath(ACCOUNT_SECTIONS, 'settings');

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
