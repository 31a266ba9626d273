import type { AdminConsoleService } from '../../admin/admin-console.service';
import { Chart, EmptyState, Facts, LocalTime, plural, Status, type StatusMessage } from '../components';
import { DataTable } from '../table';
import { ABUSE, COLORS, dayLabel, overTime, series, sum } from './console-shared';
import { EventsTable } from './events-table';
import { MemberActions } from './member-actions';

type MemberDetail = Awaited<ReturnType<AdminConsoleService['member']>>;

const KEY_STATES: Record<string, string> = {
  active: 'active',
  grace: 'grace until',
  expired: 'expired',
  revoked: 'revoked',
};

function MemberState({ member }: { member: MemberDetail['member'] }) {
  return member.disabled ? (
    <>
      <span class="badge disabled">disabled</span> since <LocalTime value={member.disabled_at} />
    </>
  ) : (
    <span class="badge active">active</span>
  );
}

export function MemberPage({ data, status }: { data: MemberDetail; status?: StatusMessage }) {
  const member = data.member;
  const usage = sum(data.usage_per_day);
  const clicks = data.clicks_per_day.reduce((total, day) => total + day.clicks, 0);
  return (
    <div id="member-area">
      <section class="card" aria-labelledby="member-title" id="member-card">
        <h2 id="member-title">{member.email}</h2>
        <Facts
          facts={[
            { term: 'Id', value: <code>{member.id}</code> },
            { term: 'Role', id: 'member-role', value: member.role },
            { term: 'Plan', id: 'member-plan', value: member.plan },
            { term: 'State', id: 'member-state', value: <MemberState member={member} /> },
            { term: 'Joined', value: <LocalTime value={member.created_at} /> },
          ]}
        />
        <Status id="member" status={status} />
        <MemberActions member={member} />
      </section>
      <div class="admin-grid">
        <section class="card" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage and clicks</h2>
          <Chart
            id="usage-chart"
            title="Convert calls and clicks per day (30 days)"
            summary={`${plural(usage, 'call')} and ${plural(clicks, 'click')} in 30 days.`}
            spec={overTime('bar', dayLabel, data.usage_per_day, [
              series('Convert calls', data.usage_per_day, COLORS.blue),
              { label: 'Clicks', data: data.clicks_per_day.map((day) => day.clicks), color: COLORS.green },
            ])}
            empty={<EmptyState title="No calls and no clicks in 30 days" />}
          />
        </section>
        <section class="card" aria-labelledby="keys-title">
          <h2 id="keys-title">API keys</h2>
          <DataTable
            caption="API keys"
            rows={data.credentials}
            rowKey={(key) => `${key.key_preview}${new Date(key.created_at).getTime()}`}
            empty={
              <EmptyState title="No API key yet">
                <p>The member creates their first key on their account page.</p>
              </EmptyState>
            }
            columns={[
              { label: 'Key', primary: true, cell: (key) => <code>{key.key_preview}</code> },
              { label: 'Created', cell: (key) => <LocalTime value={key.created_at} /> },
              {
                label: 'State',
                cell: (key) => (
                  <>
                    <span class={`badge key-${key.state}`}>{KEY_STATES[key.state]}</span>{' '}
                    {key.until ? <LocalTime value={key.until} /> : null}
                  </>
                ),
              },
            ]}
          />
        </section>
      </div>
      <section class="card" aria-labelledby="links-title">
        <h2 id="links-title">{`Short links (${data.short_links.total})`}</h2>
        <DataTable
          caption="Short links"
          rows={data.short_links.links}
          rowKey={(link) => link.url}
          empty={<EmptyState title="No short links" />}
          columns={[
            { label: 'Short link', primary: true, cell: (link) => <code>{link.url}</code> },
            { label: 'Sub id', cell: (link) => link.sub_id || '—' },
            { label: 'Clicks', cell: (link) => String(link.clicks) },
            { label: 'Bots', cell: (link) => String(link.bot_clicks) },
            { label: 'Created', cell: (link) => <LocalTime value={link.created_at} /> },
          ]}
        />
      </section>
      <section class="card" aria-labelledby="events-title">
        <h2 id="events-title">Abuse events</h2>
        <EventsTable
          events={data.events}
          emails={new Map([[member.id, member.email]])}
          empty={<EmptyState title="No abuse events for this member" />}
        />
        <p>
          <a href={`${ABUSE}?member_id=${encodeURIComponent(member.id)}`}>
            Every event of this member in the abuse log
          </a>
        </p>
      </section>
    </div>
  );
}
