import type { AuditEntryView } from '@app/audit';
import { EmptyState, Field, LocalTime, plural } from '../components';
import { DataTable, Pager } from '../table';
import { ADMIN_SECTIONS, sectionPath } from '../navigation';
import { actionLabel, detailsText } from '../audit-entries';
import { memberPath } from './console-shared';

const AUDIT = sectionPath(ADMIN_SECTIONS, 'audit');

/** Every member's audit entries for admins, newest first, filtered by member (email); paged. */
export function AuditPage({
  entries,
  emails,
  member,
  page,
  total,
  perPage,
}: {
  entries: AuditEntryView[];
  /** Member id → email, for the rows. */
  emails: ReadonlyMap<string, string>;
  member: string;
  page: number;
  total: number;
  perPage: number;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const link = (to: number) => `${AUDIT}?page=${to}${member ? `&member=${encodeURIComponent(member)}` : ''}`;
  const actor = (entry: AuditEntryView) =>
    entry.actor === 'system'
      ? 'the service'
      : entry.actor === 'admin'
        ? `admin ${emails.get(entry.actor_id ?? '') ?? entry.actor_id ?? ''}`
        : 'the member';
  return (
    <section class="card" aria-labelledby="audit-title">
      <h2 id="audit-title">{member ? `Audit log of ${member}` : 'Audit log, every member'}</h2>
      <form class="filter" method="get" action={AUDIT} role="search">
        <Field id="filter-member" label="Member (email)">
          <input id="filter-member" name="member" type="search" value={member} maxlength={254} />
        </Field>
        <button type="submit" class="secondary">
          Filter
        </button>
      </form>
      <p class="hint">{plural(total, 'entry', 'entries')}.</p>
      {entries.length === 0 ? (
        <EmptyState title="No entries">{member ? <a href={AUDIT}>Show every member's</a> : null}</EmptyState>
      ) : (
        <DataTable
          caption="Audit log, newest first"
          id="audit-table"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { label: 'What', primary: true, cell: (entry) => actionLabel(entry.action) },
            {
              label: 'Member',
              class: 'email',
              cell: (entry) => (
                <a href={memberPath(entry.member_id)}>{emails.get(entry.member_id) ?? entry.member_id}</a>
              ),
            },
            { label: 'Details', cell: (entry) => detailsText(entry) },
            { label: 'By', cell: actor },
            { label: 'From', cell: (entry) => [entry.ip ?? '—', entry.user_agent ? ` · ${entry.user_agent}` : ''] },
            { label: 'When', cell: (entry) => <LocalTime value={entry.created_at} /> },
          ]}
        />
      )}
      <Pager
        label="Audit log pages"
        info={`Page ${page} of ${pages}`}
        prev={page > 1 ? link(page - 1) : undefined}
        next={page < pages ? link(page + 1) : undefined}
      />
    </section>
  );
}
