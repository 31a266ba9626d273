import type { AbuseEventDto } from '@app/abuse';
import { EmptyState, Field, plural } from '../components';
import { FilterForm } from '../forms';
import { OlderLink } from '../table';
import { ABUSE, BANS } from './console-shared';
import { EventsTable } from './events-table';

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
        <FilterForm action={ABUSE} clear={filtered ? <a href={ABUSE}>Clear</a> : null}>
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
        </FilterForm>
      </section>
      <section class="card" aria-labelledby="events-title">
        <h2 id="events-title">Events, newest first</h2>
        <EventsTable
          events={events}
          emails={emails}
          empty={
            <EmptyState title={filtered ? 'No event matches these filters' : 'No abuse events yet'}>
              {filtered ? (
                <a href={ABUSE}>Clear the filters</a>
              ) : (
                <p>Failed logins, wrong API keys and bans show here.</p>
              )}
            </EmptyState>
          }
        />
        <OlderLink label="Older events" href={nextCursor && `${ABUSE}?${params.toString()}`} />
      </section>
    </>
  );
}
