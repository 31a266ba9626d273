import type { AuditEntryView } from '@app/audit';
import { EmptyState, LocalTime, plural } from '../components';
import { DataTable, Pager } from '../table';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { actionLabel, actorLabel, detailsText } from '../audit-entries';

const SECURITY = sectionPath(ACCOUNT_SECTIONS, 'security');

/** The member's security log: what was done to their account, by whom, from where; newest first, paged. */
export function SecuritySection({
  entries,
  page,
  total,
  perPage,
  retentionDays,
}: {
  entries: AuditEntryView[];
  page: number;
  total: number;
  perPage: number;
  retentionDays: number;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const link = (to: number) => `${SECURITY}?page=${to}`;
  return (
    <section class="card" aria-labelledby="security-title">
      <h2 id="security-title">Security log</h2>
      <p class="hint">
        Keys made and revoked, your key regenerated, settings and secrets saved (which ones, never their values),
        webhook endpoints changed, password changes and logins from a new network, kept {retentionDays} days.{' '}
        {plural(total, 'entry', 'entries')}.
      </p>
      {entries.length === 0 ? (
        <EmptyState title="Nothing recorded yet">Actions on your account will be listed here.</EmptyState>
      ) : (
        <DataTable
          caption="Security log, newest first"
          id="security-table"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { label: 'What', primary: true, cell: (entry) => actionLabel(entry.action) },
            { label: 'Details', cell: (entry) => detailsText(entry) },
            { label: 'By', cell: (entry) => actorLabel(entry.actor) },
            { label: 'From', cell: (entry) => [entry.ip ?? '—', entry.user_agent ? ` · ${entry.user_agent}` : ''] },
            { label: 'When', cell: (entry) => <LocalTime value={entry.created_at} /> },
          ]}
        />
      )}
      <Pager
        label="Security log pages"
        info={`Page ${page} of ${pages}`}
        prev={page > 1 ? link(page - 1) : undefined}
        next={page < pages ? link(page + 1) : undefined}
      />
    </section>
  );
}
