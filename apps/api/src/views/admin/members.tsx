import { EmptyState, Field, LocalTime, plural } from '../components';
import { FilterForm } from '../forms';
import { type Column, DataTable, Pager } from '../table';
import { type AdminMember, MEMBERS, memberPath } from './console-shared';

const COLUMNS: Column<AdminMember>[] = [
  {
    label: 'Email',
    primary: true,
    class: 'email',
    cell: (member) => <a href={memberPath(member.id)}>{member.email}</a>,
  },
  { label: 'Role', cell: (member) => member.role },
  { label: 'Plan', cell: (member) => member.plan },
  {
    label: 'State',
    cell: (member) =>
      member.disabled ? <span class="badge disabled">disabled</span> : <span class="badge active">active</span>,
  },
  { label: 'Joined', cell: (member) => <LocalTime value={member.created_at} /> },
];

export function MembersPage({
  members,
  email,
  page,
  total,
  perPage,
}: {
  members: AdminMember[];
  email: string;
  page: number;
  total: number;
  perPage: number;
}) {
  const link = (to: number) => `${MEMBERS}?page=${to}${email ? `&email=${encodeURIComponent(email)}` : ''}`;
  return (
    <section class="card" aria-labelledby="members-title">
      <h2 id="members-title">{email ? `Members matching “${email}”` : 'Members'}</h2>
      <FilterForm action={MEMBERS}>
        <Field id="filter-email" label="Filter by email">
          <input id="filter-email" name="email" type="search" value={email} maxlength={254} />
        </Field>
      </FilterForm>
      <p class="hint">{plural(total, 'member')}.</p>
      <DataTable
        caption="Members"
        id="members-table"
        rows={members}
        empty={
          <EmptyState title="No members match">
            <a href={MEMBERS}>Show every member</a>
          </EmptyState>
        }
        columns={COLUMNS}
      />
      <Pager label="Member pages" page={page} total={total} perPage={perPage} link={link} />
    </section>
  );
}
