import type { AbuseEventDto, IpBanDto } from '@app/abuse';
import type { AdminConsoleService } from '../../admin/admin-console.service';
import type { adminMemberJson } from '../../presenters/member.presenters';
import {
  Chart,
  ConfirmDialog,
  DataTable,
  EmptyState,
  Field,
  LocalTime,
  Pager,
  plural,
  Status,
  type StatusMessage,
} from '../components';
import { ADMIN_SECTIONS, sectionPath } from '../navigation';

type Overview = Awaited<ReturnType<AdminConsoleService['overview']>>;
type MemberDetail = Awaited<ReturnType<AdminConsoleService['member']>>;
export type AdminMember = ReturnType<typeof adminMemberJson>;

const MEMBERS = sectionPath(ADMIN_SECTIONS, 'members');
const ABUSE = sectionPath(ADMIN_SECTIONS, 'abuse');
const BANS = sectionPath(ADMIN_SECTIONS, 'bans');

const COLORS = { blue: '#2563eb', red: '#dc2626', amber: '#b45309', green: '#047857' };

export const memberPath = (id: string) => `${MEMBERS}/${encodeURIComponent(id)}`;
const bansOf = (ip: string) => `${BANS}?ip=${encodeURIComponent(ip)}`;

const dayLabel = (iso: string) => iso.slice(5, 10);
const hourLabel = (iso: string) => `${iso.slice(5, 10)} ${iso.slice(11, 13)}h`;
const sum = (points: Array<{ value: number }>) => points.reduce((total, point) => total + point.value, 0);

/* ---------- overview ---------- */

/** Every member's clicks, orders and commission of the window, per currency (never added across currencies). */
function PlatformCard({ platform, days }: { platform: Overview['platform']; days: number }) {
  return (
    <section class="card" aria-labelledby="platform-title" id="platform-card">
      <h2 id="platform-title">{`Earnings on the platform (last ${days} days)`}</h2>
      <div class="stats">
        <div class="stat">
          <span class="stat-value" id="platform-clicks">
            {String(platform.clicks)}
          </span>
          <span class="stat-label">{`clicks by people (${platform.bot_clicks} by bots)`}</span>
        </div>
        <div class="stat">
          <span class="stat-value" id="platform-members">
            {String(platform.members_with_imports)}
          </span>
          <span class="stat-label">members with imported orders</span>
        </div>
      </div>
      {platform.amounts.length === 0 ? (
        <EmptyState title="No orders in this period" />
      ) : (
        <DataTable
          caption="Orders, GMV and commission per currency"
          id="platform-amounts"
          rows={platform.amounts}
          rowKey={(row) => row.currency}
          columns={[
            { label: 'Currency', primary: true, cell: (row) => row.currency },
            { label: 'Orders', cell: (row) => String(row.orders) },
            { label: 'GMV', cell: (row) => row.gmv },
            { label: 'Commission completed', cell: (row) => row.commission_completed },
            { label: 'Net commission', cell: (row) => row.net_commission },
          ]}
        />
      )}
    </section>
  );
}

export function OverviewPage({ data }: { data: Overview }) {
  const calls = sum(data.calls_per_hour);
  const failures = sum(data.failed_auth_per_hour);
  const bans = sum(data.bans_per_day);
  return (
    <div class="admin-grid">
      <PlatformCard platform={data.platform} days={data.days} />
      <section class="card" aria-labelledby="calls-title">
        <h2 id="calls-title">{`Convert calls (last ${data.days} days)`}</h2>
        <Chart
          id="calls-chart"
          title="Calls and links per hour"
          summary={`${plural(calls, 'call')} and ${plural(sum(data.links_per_hour), 'link')} in ${data.days} days.`}
          spec={{
            type: 'line',
            labels: data.calls_per_hour.map((point) => hourLabel(point.at)),
            datasets: [
              { label: 'Convert calls', data: data.calls_per_hour.map((p) => p.value), color: COLORS.blue },
              { label: 'Links', data: data.links_per_hour.map((p) => p.value), color: COLORS.green },
            ],
          }}
          empty={
            <EmptyState title="No convert calls yet">
              <p>Calls appear here once members use their keys.</p>
              <a href={MEMBERS}>See the members</a>
            </EmptyState>
          }
        />
      </section>
      <section class="card" aria-labelledby="failures-title">
        <h2 id="failures-title">Failed authentications and bans</h2>
        <Chart
          id="failures-chart"
          title="Failed authentications per hour"
          summary={`${plural(failures, 'failed authentication')} in ${data.days} days.`}
          spec={{
            type: 'line',
            labels: data.failed_auth_per_hour.map((point) => hourLabel(point.at)),
            datasets: [
              {
                label: 'Failed authentications',
                data: data.failed_auth_per_hour.map((p) => p.value),
                color: COLORS.amber,
              },
            ],
          }}
          empty={<EmptyState title="No failed authentications in this period" />}
        />
        <Chart
          id="bans-chart"
          title="Bans per day"
          summary={`${plural(bans, 'ban')} in ${data.days} days.`}
          spec={{
            type: 'bar',
            labels: data.bans_per_day.map((point) => dayLabel(point.at)),
            datasets: [{ label: 'Bans', data: data.bans_per_day.map((p) => p.value), color: COLORS.red }],
          }}
          empty={
            <EmptyState title="No bans in this period">
              <a href={`${BANS}`}>See the ban history</a>
            </EmptyState>
          }
        />
      </section>
      <section class="card" aria-labelledby="top-ips-title">
        <h2 id="top-ips-title">Top addresses by failed authentications</h2>
        {data.top_ips.length === 0 ? (
          <EmptyState title="No failed authentications" />
        ) : (
          <DataTable
            caption="Top addresses by failed authentications"
            rows={data.top_ips}
            rowKey={(row) => row.ip}
            columns={[
              { label: 'Address', primary: true, cell: (row) => <a href={bansOf(row.ip)}>{row.ip}</a> },
              { label: 'Failures', cell: (row) => String(row.failures) },
              { label: 'Last', cell: (row) => <LocalTime value={row.last_at} /> },
            ]}
          />
        )}
      </section>
      <section class="card" aria-labelledby="top-members-title">
        <h2 id="top-members-title">Top members by calls</h2>
        {data.top_members.length === 0 ? (
          <EmptyState title="No calls yet">
            <a href={MEMBERS}>See the members</a>
          </EmptyState>
        ) : (
          <DataTable
            caption="Top members by calls"
            rows={data.top_members}
            rowKey={(row) => row.id}
            columns={[
              { label: 'Member', primary: true, cell: (row) => <a href={memberPath(row.id)}>{row.email}</a> },
              { label: 'Plan', cell: (row) => row.plan },
              { label: 'Calls', cell: (row) => String(row.calls) },
            ]}
          />
        )}
      </section>
    </div>
  );
}

/* ---------- members ---------- */

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

/* ---------- one member ---------- */

const KEY_STATES: Record<string, string> = {
  active: 'active',
  grace: 'grace until',
  expired: 'expired',
  revoked: 'revoked',
};

/** One confirmed change of a member: a dialog saying what it does, and its form (JSON with htmx). */
function ChangeDialog({
  member,
  id,
  opener,
  title,
  consequence,
  change,
  confirm,
  danger,
}: {
  member: AdminMember;
  id: string;
  opener: string;
  title: string;
  consequence: string;
  change: Record<string, string>;
  confirm: string;
  danger?: boolean;
}) {
  return (
    <ConfirmDialog id={id} opener={opener} title={title} danger={danger}>
      <p>{consequence}</p>
      <form
        id={`${id}-form`}
        hx-post={memberPath(member.id)}
        hx-vals={JSON.stringify(change)}
        hx-select="#member-area"
        hx-target="#member-area"
        hx-swap="outerHTML"
      >
        <button type="submit" class={danger ? 'danger' : undefined}>
          {confirm}
        </button>
      </form>
    </ConfirmDialog>
  );
}

function MemberActions({ member }: { member: AdminMember }) {
  const otherRole = member.role === 'admin' ? 'member' : 'admin';
  const otherPlan = member.plan === 'pro' ? 'free' : 'pro';
  return (
    <div class="actions" aria-label="Change this member" role="group">
      <ChangeDialog
        member={member}
        id="role-dialog"
        opener={member.role === 'admin' ? 'Remove admin role…' : 'Make admin…'}
        title={member.role === 'admin' ? 'Remove the admin role?' : 'Make this member an admin?'}
        consequence={
          member.role === 'admin'
            ? `${member.email} loses the admin console at once.`
            : `${member.email} gets the admin console: every member, the abuse log and bans.`
        }
        change={{ role: otherRole }}
        confirm={member.role === 'admin' ? 'Remove admin role' : 'Make admin'}
      />
      <ChangeDialog
        member={member}
        id="plan-dialog"
        opener={`Move to ${otherPlan}…`}
        title={`Move to the ${otherPlan} plan?`}
        consequence={
          otherPlan === 'pro'
            ? `${member.email} gets the Pro plan: custom domains and the Pro limits.`
            : `${member.email} goes back to the free plan: custom domains stop being used.`
        }
        change={{ plan: otherPlan }}
        confirm={`Move to ${otherPlan}`}
      />
      {member.disabled ? (
        <ChangeDialog
          member={member}
          id="disable-dialog"
          opener="Enable…"
          title="Enable this account?"
          consequence={`${member.email} can log in again; their API keys work again.`}
          change={{ disabled: 'false' }}
          confirm="Enable account"
        />
      ) : (
        <ChangeDialog
          member={member}
          id="disable-dialog"
          opener="Disable…"
          title="Disable this account?"
          consequence={`${member.email}'s API keys stop working at once and every session of theirs ends.`}
          change={{ disabled: 'true' }}
          confirm="Disable account"
          danger
        />
      )}
    </div>
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
        <dl class="facts">
          <dt>Id</dt>
          <dd>
            <code>{member.id}</code>
          </dd>
          <dt>Role</dt>
          <dd id="member-role">{member.role}</dd>
          <dt>Plan</dt>
          <dd id="member-plan">{member.plan}</dd>
          <dt>State</dt>
          <dd id="member-state">
            {member.disabled ? (
              <>
                <span class="badge disabled">disabled</span> since <LocalTime value={member.disabled_at} />
              </>
            ) : (
              <span class="badge active">active</span>
            )}
          </dd>
          <dt>Joined</dt>
          <dd>
            <LocalTime value={member.created_at} />
          </dd>
        </dl>
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
            spec={{
              type: 'bar',
              labels: data.usage_per_day.map((point) => dayLabel(point.at)),
              datasets: [
                { label: 'Convert calls', data: data.usage_per_day.map((p) => p.value), color: COLORS.blue },
                { label: 'Clicks', data: data.clicks_per_day.map((d) => d.clicks), color: COLORS.green },
              ],
            }}
            empty={<EmptyState title="No calls and no clicks in 30 days" />}
          />
        </section>
        <section class="card" aria-labelledby="keys-title">
          <h2 id="keys-title">API keys</h2>
          {data.credentials.length === 0 ? (
            <EmptyState title="No API key yet">
              <p>The member creates their first key on their account page.</p>
            </EmptyState>
          ) : (
            <DataTable
              caption="API keys"
              rows={data.credentials}
              rowKey={(key) => `${key.key_preview}${new Date(key.created_at).getTime()}`}
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
          )}
        </section>
      </div>
      <section class="card" aria-labelledby="links-title">
        <h2 id="links-title">{`Short links (${data.short_links.total})`}</h2>
        {data.short_links.links.length === 0 ? (
          <EmptyState title="No short links" />
        ) : (
          <DataTable
            caption="Short links"
            rows={data.short_links.links}
            rowKey={(link) => link.url}
            columns={[
              { label: 'Short link', primary: true, cell: (link) => <code>{link.url}</code> },
              { label: 'Sub id', cell: (link) => link.sub_id || '—' },
              { label: 'Clicks', cell: (link) => String(link.clicks) },
              { label: 'Bots', cell: (link) => String(link.bot_clicks) },
              { label: 'Created', cell: (link) => <LocalTime value={link.created_at} /> },
            ]}
          />
        )}
      </section>
      <section class="card" aria-labelledby="events-title">
        <h2 id="events-title">Abuse events</h2>
        {data.events.length === 0 ? (
          <EmptyState title="No abuse events for this member" />
        ) : (
          <EventsTable events={data.events} emails={new Map([[member.id, member.email]])} />
        )}
        <p>
          <a href={`${ABUSE}?member_id=${encodeURIComponent(member.id)}`}>
            Every event of this member in the abuse log
          </a>
        </p>
      </section>
    </div>
  );
}

/* ---------- abuse log ---------- */

/** An event's exact address as written (`::1`), and its abuse key when that groups several (`::/64`). */
function addressOf(event: AbuseEventDto): string {
  const exact = typeof event.detail?.address === 'string' ? event.detail.address : null;
  if (exact && exact !== event.ip) return `${exact} (${event.ip})`;
  return event.ip ?? '—';
}

function detailText(detail: Record<string, unknown>): string {
  const parts = Object.entries(detail)
    .filter(([key]) => key !== 'address')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.join(' · ') || '—';
}

export function EventsTable({ events, emails }: { events: AbuseEventDto[]; emails: ReadonlyMap<string, string> }) {
  return (
    <DataTable
      caption="Abuse events"
      id="events-table"
      rows={events}
      rowKey={(event) => event.id}
      columns={[
        { label: 'When', primary: true, cell: (event) => <LocalTime value={event.created_at} /> },
        { label: 'Type', cell: (event) => event.type },
        {
          label: 'Address',
          cell: (event) =>
            event.ip ? <a href={`${ABUSE}?ip=${encodeURIComponent(event.ip)}`}>{addressOf(event)}</a> : '—',
        },
        {
          label: 'Member',
          cell: (event) =>
            event.member_id ? (
              <a href={memberPath(event.member_id)}>{emails.get(event.member_id) ?? event.member_id}</a>
            ) : (
              '—'
            ),
        },
        { label: 'Key', cell: (event) => (event.key_preview ? <code>{event.key_preview}</code> : '—') },
        { label: 'Detail', class: 'detail wrap', cell: (event) => detailText(event.detail) },
      ]}
    />
  );
}

export interface AbuseFilter {
  ip?: string;
  member_id?: string;
  type?: string;
  /** YYYY-MM-DD (the date pickers). */
  from?: string;
  to?: string;
}

export function AbusePage({
  filter,
  types,
  events,
  emails,
  nextCursor,
  activeBans,
}: {
  filter: AbuseFilter;
  types: readonly string[];
  events: AbuseEventDto[];
  emails: ReadonlyMap<string, string>;
  nextCursor: string | null;
  activeBans: number;
}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  const filtered = params.toString() !== '';
  if (nextCursor) params.set('cursor', nextCursor);
  return (
    <>
      <p class="hint">
        {activeBans > 0 ? (
          <a href={BANS}>{`${plural(activeBans, 'active ban')}: see and lift them on the Bans page`}</a>
        ) : (
          'No active bans.'
        )}
      </p>
      <section class="card" aria-labelledby="filter-title">
        <h2 id="filter-title">Filter</h2>
        <form class="filter" method="get" action={ABUSE} role="search">
          <Field id="f-ip" label="IP or IPv6 /64">
            <input id="f-ip" name="ip" value={filter.ip} maxlength={64} />
          </Field>
          <Field id="f-member" label="Member id">
            <input id="f-member" name="member_id" value={filter.member_id} maxlength={36} />
          </Field>
          <Field id="f-type" label="Type">
            <select id="f-type" name="type">
              <option value="">any</option>
              {types.map((type) => (
                <option key={type} value={type} selected={type === filter.type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
          <Field id="f-from" label="From (UTC day)">
            <input id="f-from" name="from" type="date" value={filter.from} />
          </Field>
          <Field id="f-to" label="To (UTC day, included)">
            <input id="f-to" name="to" type="date" value={filter.to} />
          </Field>
          <button type="submit" class="secondary">
            Filter
          </button>
          {filtered ? <a href={ABUSE}>Clear</a> : null}
        </form>
      </section>
      <section class="card" aria-labelledby="events-title">
        <h2 id="events-title">Events, newest first</h2>
        {events.length === 0 ? (
          <EmptyState title={filtered ? 'No event matches these filters' : 'No abuse events yet'}>
            {filtered ? (
              <a href={ABUSE}>Clear the filters</a>
            ) : (
              <p>Failed logins, wrong API keys and bans show here.</p>
            )}
          </EmptyState>
        ) : (
          <EventsTable events={events} emails={emails} />
        )}
        {nextCursor ? (
          <nav class="pager" aria-label="Older events">
            <a class="button secondary small" href={`${ABUSE}?${params.toString()}`}>
              Older events
            </a>
          </nav>
        ) : null}
      </section>
    </>
  );
}

/* ---------- bans ---------- */

export function BansPage({
  active,
  history,
  ip,
  nextCursor,
  status,
}: {
  active: IpBanDto[];
  history: IpBanDto[];
  ip: string;
  nextCursor: string | null;
  status?: StatusMessage;
}) {
  return (
    <div id="bans-area">
      <section class="card" aria-labelledby="active-title">
        <h2 id="active-title">Active bans</h2>
        <Status id="bans" status={status} />
        {active.length === 0 ? (
          <EmptyState title="No active bans">
            <p>An address is banned after too many wrong credentials; it shows here until the ban ends.</p>
            <a href={ABUSE}>See the abuse log</a>
          </EmptyState>
        ) : (
          <DataTable
            caption="Active bans"
            id="active-bans"
            rows={active}
            rowKey={(ban) => ban.id}
            columns={[
              { label: 'Address', primary: true, cell: (ban) => <a href={bansOf(ban.ip)}>{ban.ip}</a> },
              { label: 'Level', cell: (ban) => String(ban.level) },
              { label: 'Failures', cell: (ban) => String(ban.failures) },
              { label: 'Banned', cell: (ban) => <LocalTime value={ban.banned_at} /> },
              { label: 'Ends', cell: (ban) => <LocalTime value={ban.expires_at} /> },
              {
                label: 'Action',
                cell: (ban) => (
                  <ConfirmDialog
                    id={`lift-${ban.id}`}
                    opener="Lift…"
                    openerLabel={`Lift the ban of ${ban.ip}`}
                    title={`Lift the ban of ${ban.ip}?`}
                  >
                    <p>Every instance lets this address in again at once. The lift is logged with your name.</p>
                    <form
                      id={`lift-${ban.id}-form`}
                      hx-post={`${BANS}/lift`}
                      hx-vals={JSON.stringify({ ip: ban.ip })}
                      hx-select="#bans-area"
                      hx-target="#bans-area"
                      hx-swap="outerHTML"
                    >
                      <button type="submit">Lift ban</button>
                    </form>
                  </ConfirmDialog>
                ),
              },
            ]}
          />
        )}
      </section>
      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">Ban history</h2>
        <form class="filter" method="get" action={BANS} role="search">
          <Field id="history-ip" label="Address">
            <input id="history-ip" name="ip" value={ip} maxlength={64} />
          </Field>
          <button type="submit" class="secondary">
            Show
          </button>
          {ip ? <a href={BANS}>Every address</a> : null}
        </form>
        {history.length === 0 ? (
          <EmptyState title={ip ? `No bans of ${ip}` : 'No bans yet'} />
        ) : (
          <DataTable
            caption="Ban history"
            id="ban-history"
            rows={history}
            rowKey={(ban) => ban.id}
            columns={[
              { label: 'Address', primary: true, cell: (ban) => ban.ip },
              { label: 'Level', cell: (ban) => String(ban.level) },
              { label: 'Failures', cell: (ban) => String(ban.failures) },
              { label: 'Banned', cell: (ban) => <LocalTime value={ban.banned_at} /> },
              {
                label: 'Ended',
                cell: (ban) =>
                  ban.lifted_at ? (
                    <>
                      lifted <LocalTime value={ban.lifted_at} />
                      {ban.lifted_by ? (
                        <>
                          {' by '}
                          <a href={memberPath(ban.lifted_by)}>an admin</a>
                        </>
                      ) : null}
                    </>
                  ) : ban.active ? (
                    'active'
                  ) : (
                    <LocalTime value={ban.expires_at} />
                  ),
              },
            ]}
          />
        )}
        {nextCursor ? (
          <nav class="pager" aria-label="Older bans">
            <a
              class="button secondary small"
              href={`${BANS}?${new URLSearchParams({ ...(ip ? { ip } : {}), cursor: nextCursor }).toString()}`}
            >
              Older bans
            </a>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
