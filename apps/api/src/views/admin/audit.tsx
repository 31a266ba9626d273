import type { AuditEntryView } from '@app/audit';
import { EmptyState, Field, plural } from '../components';
import { FilterForm } from '../forms';
import { Pager } from '../table';
import { ADMIN_SECTIONS, sectionPath } from '../navigation';
import { AuditTable } from '../audit-entries';
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
      <FilterForm action={AUDIT}>
        <Field id="filter-member" label="Member (email)">
          <input id="filter-member" name="member" type="search" value={member} maxlength={254} />
        </Field>
      </FilterForm>
      <p class="hint">{plural(total, 'entry', 'entries')}.</p>
      <AuditTable
        caption="Audit log, newest first"
        id="audit-table"
        entries={entries}
        by={actor}
        member={{
          label: 'Member',
          class: 'email',
          cell: (entry) => <a href={memberPath(entry.member_id)}>{emails.get(entry.member_id) ?? entry.member_id}</a>,
        }}
        empty={<EmptyState title="No entries">{member ? <a href={AUDIT}>Show every member's</a> : null}</EmptyState>}
      />
      <Pager label="Audit log pages" page={page} total={total} perPage={perPage} link={link} />
    </section>
  );
}
