import { EmptyState, Field, LocalTime, plural } from '../components';
import { DataTable, Pager } from '../table';
import { type AdminMember, MEMBERS, memberPath } from './console-shared';

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
  const pages = Math.max(1, Math.ceil(total / perPage));
  const link = (to: number) => `${MEMBERS}?page=${to}${email ? `&email=${encodeURIComponent(email)}` : ''}`;
  return (
    <section class="card" aria-labelledby="members-title">
      <h2 id="members-title">{email ? `Members matching “${email}”` : 'Members'}</h2>
      <form class="filter" method="get" action={MEMBERS} role="search">
        <Field id="filter-email" label="Filter by email">
          <input id="filter-email" name="email" type="search" value={email} maxlength={254} />
        </Field>
        <button type="submit" class="secondary">
          Filter
        </button>
      </form>
      <p class="hint">{plural(total, 'member')}.</p>
      {members.length === 0 ? (
        <EmptyState title="No members match">
          <a href={MEMBERS}>Show every member</a>
        </EmptyState>
      ) : (
        <DataTable
          caption="Members"
          id="members-table"
          rows={members}
          rowKey={(member) => member.id}
          columns={[
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
                member.disabled ? (
                  <span class="badge disabled">disabled</span>
                ) : (
                  <span class="badge active">active</span>
                ),
            },
            { label: 'Joined', cell: (member) => <LocalTime value={member.created_at} /> },
          ]}
        />
      )}
      <Pager
        label="Member pages"
        info={`Page ${page} of ${pages}`}
        prev={page > 1 ? link(page - 1) : undefined}
        next={page < pages ? link(page + 1) : undefined}
      />
    </section>
  );
}
