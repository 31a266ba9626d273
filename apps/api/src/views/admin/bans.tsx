import type { ComponentChildren } from 'preact';
import type { IpBanDto } from '@app/abuse';
import { ConfirmDialog, EmptyState, Field, LocalTime, Status, type StatusMessage } from '../components';
import { FilterForm } from '../forms';
import { type Column, DataTable, OlderLink } from '../table';
import { ABUSE, BANS, bansOf, memberPath } from './console-shared';

/** What the active bans and the history both show of a ban, after its address. */
const BAN_COLUMNS: Column<IpBanDto>[] = [
  { label: 'Level', cell: (ban) => String(ban.level) },
  { label: 'Failures', cell: (ban) => String(ban.failures) },
  { label: 'Banned', cell: (ban) => <LocalTime value={ban.banned_at} /> },
];

function LiftButton({ ban }: { ban: IpBanDto }) {
  return (
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
  );
}

/** How a ban ended: lifted (by whom), still active, or when it ran out. */
function ended(ban: IpBanDto): ComponentChildren {
  if (ban.lifted_at) {
    return (
      <>
        lifted <LocalTime value={ban.lifted_at} />
        {ban.lifted_by ? (
          <>
            {' by '}
            <a href={memberPath(ban.lifted_by)}>an admin</a>
          </>
        ) : null}
      </>
    );
  }
  return ban.active ? 'active' : <LocalTime value={ban.expires_at} />;
}

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
        <DataTable
          caption="Active bans"
          id="active-bans"
          rows={active}
          empty={
            <EmptyState title="No active bans">
              <p>An address is banned after too many wrong credentials; it shows here until the ban ends.</p>
              <a href={ABUSE}>See the abuse log</a>
            </EmptyState>
          }
          columns={[
            { label: 'Address', primary: true, cell: (ban) => <a href={bansOf(ban.ip)}>{ban.ip}</a> },
            ...BAN_COLUMNS,
            { label: 'Ends', cell: (ban) => <LocalTime value={ban.expires_at} /> },
            { label: 'Action', cell: (ban) => <LiftButton ban={ban} /> },
          ]}
        />
      </section>
      <section class="card" aria-labelledby="history-title">
        <h2 id="history-title">Ban history</h2>
        <FilterForm action={BANS} submit="Show" clear={ip ? <a href={BANS}>Every address</a> : null}>
          <Field id="history-ip" label="Address">
            <input id="history-ip" name="ip" value={ip} maxlength={64} />
          </Field>
        </FilterForm>
        <DataTable
          caption="Ban history"
          id="ban-history"
          rows={history}
          empty={<EmptyState title={ip ? `No bans of ${ip}` : 'No bans yet'} />}
          columns={[
            { label: 'Address', primary: true, cell: (ban) => ban.ip },
            ...BAN_COLUMNS,
            { label: 'Ended', cell: ended },
          ]}
        />
        <OlderLink
          label="Older bans"
          href={
            nextCursor && `${BANS}?${new URLSearchParams({ ...(ip ? { ip } : {}), cursor: nextCursor }).toString()}`
          }
        />
      </section>
    </div>
  );
}
