import type { IpBanDto } from '@app/abuse';
import { ConfirmDialog, EmptyState, Field, LocalTime, Status, type StatusMessage } from '../components';
import { DataTable } from '../table';
import { ABUSE, BANS, bansOf, memberPath } from './console-shared';

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
