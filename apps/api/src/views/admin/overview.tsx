import type { AdminConsoleService } from '../../admin/admin-console.service';
import { Chart, EmptyState, LocalTime, plural } from '../components';
import { DataTable } from '../table';
import { StatTile, StatTiles } from '../stats';
import {
  BANS,
  bansOf,
  COLORS,
  dayLabel,
  hourLabel,
  MEMBERS,
  memberPath,
  overTime,
  series,
  sum,
} from './console-shared';

type Overview = Awaited<ReturnType<AdminConsoleService['overview']>>;

/** Every member's clicks, orders and commission of the window, per currency (never added across currencies). */
function PlatformCard({ platform, days }: { platform: Overview['platform']; days: number }) {
  return (
    <section class="card" aria-labelledby="platform-title" id="platform-card">
      <h2 id="platform-title">{`Earnings on the platform (last ${days} days)`}</h2>
      <StatTiles>
        <StatTile valueId="platform-clicks" label={`clicks by people (${platform.bot_clicks} by bots)`}>
          {String(platform.clicks)}
        </StatTile>
        <StatTile valueId="platform-members" label="members with imported orders">
          {String(platform.members_with_imports)}
        </StatTile>
      </StatTiles>
      <DataTable
        caption="Orders, GMV and commission per currency"
        id="platform-amounts"
        rows={platform.amounts}
        rowKey={(row) => row.currency}
        empty={<EmptyState title="No orders in this period" />}
        columns={[
          { label: 'Currency', primary: true, cell: (row) => row.currency },
          { label: 'Orders', cell: (row) => String(row.orders) },
          { label: 'GMV', cell: (row) => row.gmv },
          { label: 'Commission completed', cell: (row) => row.commission_completed },
          { label: 'Net commission', cell: (row) => row.net_commission },
        ]}
      />
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
          spec={overTime('line', hourLabel, data.calls_per_hour, [
            series('Convert calls', data.calls_per_hour, COLORS.blue),
            series('Links', data.links_per_hour, COLORS.green),
          ])}
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
          spec={overTime('line', hourLabel, data.failed_auth_per_hour, [
            series('Failed authentications', data.failed_auth_per_hour, COLORS.amber),
          ])}
          empty={<EmptyState title="No failed authentications in this period" />}
        />
        <Chart
          id="bans-chart"
          title="Bans per day"
          summary={`${plural(bans, 'ban')} in ${data.days} days.`}
          spec={overTime('bar', dayLabel, data.bans_per_day, [series('Bans', data.bans_per_day, COLORS.red)])}
          empty={
            <EmptyState title="No bans in this period">
              <a href={`${BANS}`}>See the ban history</a>
            </EmptyState>
          }
        />
      </section>
      <section class="card" aria-labelledby="top-ips-title">
        <h2 id="top-ips-title">Top addresses by failed authentications</h2>
        <DataTable
          caption="Top addresses by failed authentications"
          rows={data.top_ips}
          rowKey={(row) => row.ip}
          empty={<EmptyState title="No failed authentications" />}
          columns={[
            { label: 'Address', primary: true, cell: (row) => <a href={bansOf(row.ip)}>{row.ip}</a> },
            { label: 'Failures', cell: (row) => String(row.failures) },
            { label: 'Last', cell: (row) => <LocalTime value={row.last_at} /> },
          ]}
        />
      </section>
      <section class="card" aria-labelledby="top-members-title">
        <h2 id="top-members-title">Top members by calls</h2>
        <DataTable
          caption="Top members by calls"
          rows={data.top_members}
          empty={
            <EmptyState title="No calls yet">
              <a href={MEMBERS}>See the members</a>
            </EmptyState>
          }
          columns={[
            { label: 'Member', primary: true, cell: (row) => <a href={memberPath(row.id)}>{row.email}</a> },
            { label: 'Plan', cell: (row) => row.plan },
            { label: 'Calls', cell: (row) => String(row.calls) },
          ]}
        />
      </section>
    </div>
  );
}
