import type { AbuseEventDto } from '@app/abuse';
import type { JSX } from 'preact';
import { LocalTime } from '../components';
import { DataTable } from '../table';
import { ABUSE, memberPath } from './console-shared';

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

export function EventsTable({
  events,
  emails,
  empty,
}: {
  events: AbuseEventDto[];
  emails: ReadonlyMap<string, string>;
  empty: JSX.Element;
}) {
  return (
    <DataTable
      caption="Abuse events"
      id="events-table"
      rows={events}
      empty={empty}
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
