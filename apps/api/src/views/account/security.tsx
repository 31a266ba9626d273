import type { AuditEntryView } from '@app/audit';
import { EmptyState, plural } from '../components';
import { Pager } from '../table';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { actorLabel, AuditTable } from '../audit-entries';

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
  return (
    <section class="card" aria-labelledby="security-title">
      <h2 id="security-title">Security log</h2>
      <p class="hint">
        Keys made and revoked, your key regenerated, settings and secrets saved (which ones, never their values),
        webhook endpoints changed, password changes and logins from a new network, kept {retentionDays} days.{' '}
        {plural(total, 'entry', 'entries')}.
      </p>
      <AuditTable
        caption="Security log, newest first"
        id="security-table"
        entries={entries}
        by={actorLabel}
        empty={<EmptyState title="Nothing recorded yet">Actions on your account will be listed here.</EmptyState>}
      />
      <Pager
        label="Security log pages"
        page={page}
        total={total}
        perPage={perPage}
        link={(to) => `${SECURITY}?page=${to}`}
      />
    </section>
  );
}
