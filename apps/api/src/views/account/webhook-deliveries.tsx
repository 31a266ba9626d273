import type { WebhookDeliveryView, WebhookEndpointView } from '@app/webhooks';
import { EmptyState, LocalTime, Status, type StatusMessage } from '../components';
import { ActionButton } from '../forms';
import { type Column, DataTable, Pager } from '../table';
import { WEBHOOKS } from './webhooks';

export interface DeliveryLog {
  endpoint: WebhookEndpointView;
  deliveries: WebhookDeliveryView[];
  total: number;
  page: number;
  perPage: number;
  status?: StatusMessage;
}

const BADGE: Record<string, string> = { succeeded: 'active', failed: 'failed', pending: 'pending' };

/** The body sent, indented when it is JSON (it always is; the raw text otherwise). */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function columns(endpointId: string): Column<WebhookDeliveryView>[] {
  return [
    { label: 'Event', primary: true, cell: (row) => <code>{row.event}</code> },
    {
      label: 'Status',
      cell: (row) => (
        <>
          <span class={`badge ${BADGE[row.status] ?? ''}`}>{row.status}</span>{' '}
          {row.last_status_code !== null ? (
            <span class="status-code">{`HTTP ${row.last_status_code}`}</span>
          ) : row.last_error ? (
            <span class="hint">{row.last_error}</span>
          ) : null}
          {row.status === 'pending' && row.next_attempt_at ? (
            <span class="hint">
              {' next try '}
              <LocalTime value={row.next_attempt_at} />
            </span>
          ) : null}
        </>
      ),
    },
    { label: 'Attempts', class: 'amount', cell: (row) => String(row.attempts) },
    {
      label: 'Latency',
      class: 'amount',
      cell: (row) => (row.last_latency_ms === null ? '–' : `${row.last_latency_ms} ms`),
    },
    { label: 'Time', class: 'when', cell: (row) => <LocalTime value={row.created_at} /> },
    {
      label: 'Body sent',
      class: 'payload-cell',
      cell: (row) => (
        <details class="payload">
          <summary>Show the body</summary>
          <pre class="snippet" tabindex={0}>
            <code>{pretty(row.payload)}</code>
          </pre>
        </details>
      ),
    },
    {
      label: 'Actions',
      cell: (row) => (
        <ActionButton
          post={`${WEBHOOKS}/${endpointId}/deliveries/${row.id}/redeliver`}
          target="#deliveries-card"
          label={`Redeliver ${row.event} of ${row.created_at}`}
        >
          Redeliver
        </ActionButton>
      ),
    },
  ];
}

/** An endpoint's delivery log: newest first, a page at a time, the body sent behind "Show the body". */
export function DeliveryLogSection({ log }: { log: DeliveryLog }) {
  const base = `${WEBHOOKS}/${log.endpoint.id}/deliveries`;
  return (
    <section class="card" aria-labelledby="deliveries-title" id="deliveries-card">
      <h2 id="deliveries-title">Delivery log</h2>
      <p class="hint endpoint-url">
        {'Of '}
        <strong>{log.endpoint.url}</strong>
        {` (${log.endpoint.enabled ? 'enabled' : 'disabled'}). `}
        <a href={WEBHOOKS}>Back to the webhooks</a>
      </p>
      <Status id="deliveries" status={log.status} />
      <DataTable
        caption="Deliveries, newest first"
        columns={columns(log.endpoint.id)}
        rows={log.deliveries}
        id="deliveries-table"
        empty={
          <EmptyState title="Nothing sent yet">
            <p>Send a test event from the webhooks page, or wait for the events you chose.</p>
          </EmptyState>
        }
      />
      <Pager
        label="Pages of the delivery log"
        page={log.page}
        total={log.total}
        perPage={log.perPage}
        link={(page) => `${base}?page=${page}`}
      />
    </section>
  );
}
