import { WEBHOOK_EVENTS, type WebhookEndpointView } from '@app/webhooks';
import { Choices, type FieldErrors } from '../choices';
import { ConfirmDialog, EmptyState, LocalTime, PostForm, Status, type StatusMessage } from '../components';
import { ActionButton, InputField, redraws } from '../forms';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { CopyField } from './key';

export const WEBHOOKS = sectionPath(ACCOUNT_SECTIONS, 'webhooks');

export interface EndpointFormValues {
  url: string;
  events: string[];
}

export interface WebhooksState {
  endpoints: WebhookEndpointView[];
  /** An endpoint just added: its signing secret, shown in this answer only. */
  made?: { url: string; secret: string };
  form?: EndpointFormValues;
  errors?: FieldErrors;
  /** The endpoint whose edit form was refused (its errors are beside its fields). */
  editing?: { id: string; form: EndpointFormValues; errors: FieldErrors };
  status?: StatusMessage;
}

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({ value: event, label: <code>{event}</code> }));

function EndpointFields({ prefix, form, errors }: { prefix: string; form: EndpointFormValues; errors: FieldErrors }) {
  return (
    <>
      <InputField
        id={`${prefix}-url`}
        label="URL"
        hint="Where the events are POSTed: an https address your server answers."
        name="url"
        type="url"
        maxlength={2048}
        autocomplete="off"
        spellcheck={false}
        placeholder="https://example.com/hooks/linkconv"
        value={form.url}
        error={errors.url}
      />
      <Choices
        id={`${prefix}-events`}
        name="events"
        legend="Events"
        options={EVENT_OPTIONS}
        checked={form.events}
        error={errors.events}
      />
    </>
  );
}

function StateBadge({ endpoint }: { endpoint: WebhookEndpointView }) {
  return endpoint.enabled ? <span class="badge active">enabled</span> : <span class="badge disabled">disabled</span>;
}

function Endpoint({ endpoint, editing }: { endpoint: WebhookEndpointView; editing?: WebhooksState['editing'] }) {
  const id = endpoint.id;
  const base = `${WEBHOOKS}/${id}`;
  const edit = editing?.id === id ? editing : undefined;
  const toggle = endpoint.enabled ? 'Disable' : 'Enable';
  return (
    <li class="endpoint" id={`endpoint-${id}`}>
      <p class="endpoint-url">
        <strong>{endpoint.url}</strong> <StateBadge endpoint={endpoint} />
      </p>
      <p class="hint">
        {`Events: ${endpoint.events.join(', ')}. Added `}
        <LocalTime value={endpoint.created_at} />.
      </p>
      {!endpoint.enabled ? (
        <p class="dns">
          {endpoint.disabled_reason
            ? `Why: ${endpoint.disabled_reason}`
            : 'You turned it off: nothing is sent until you enable it.'}
        </p>
      ) : endpoint.failing_since ? (
        <p class="dns">
          {'Failing since '}
          <LocalTime value={endpoint.failing_since} />: it is turned off if it keeps failing for days.
        </p>
      ) : null}
      <div class="actions">
        <a class="button secondary small" href={`${base}/deliveries`} aria-label={`Delivery log of ${endpoint.url}`}>
          Delivery log
        </a>
        <ActionButton post={`${base}/test`} target="#webhooks-card" label={`Send a test event to ${endpoint.url}`}>
          Send a test event
        </ActionButton>
        <ActionButton
          post={`${base}/${toggle.toLowerCase()}`}
          target="#webhooks-card"
          label={`${toggle} ${endpoint.url}`}
        >
          {toggle}
        </ActionButton>
        <ConfirmDialog
          id={`delete-${id}`}
          opener="Delete"
          openerLabel={`Delete ${endpoint.url}`}
          title="Delete this endpoint?"
          danger
        >
          <p>
            Nothing more is sent to <code>{endpoint.url}</code> and its delivery log is deleted with it.
          </p>
          <PostForm id={`delete-${id}-form`} post={`${base}/delete`} target="#webhooks-card" swap="outerHTML">
            <Status id={`delete-${id}-form`} />
            <button type="submit" class="danger">
              Delete the endpoint
            </button>
          </PostForm>
        </ConfirmDialog>
      </div>
      <details class="edit" open={edit !== undefined}>
        <summary>{`Change the URL or events`}</summary>
        <PostForm id={`edit-${id}-form`} post={base} target="#webhooks-card" swap="outerHTML" novalidate>
          <EndpointFields
            prefix={`edit-${id}`}
            form={edit?.form ?? { url: endpoint.url, events: endpoint.events }}
            errors={edit?.errors ?? {}}
          />
          <Status id={`edit-${id}-form`} />
          <button type="submit">Save</button>
        </PostForm>
      </details>
    </li>
  );
}

function Made({ made }: { made: NonNullable<WebhooksState['made']> }) {
  return (
    <div class="new-pair" id="new-secret" role="region" aria-labelledby="new-secret-title">
      <h3 id="new-secret-title" tabindex={-1} autofocus>
        Signing secret
      </h3>
      <p class="warning">Copy the secret now: it is shown only once. Your server verifies every event with it.</p>
      <CopyField id="new-webhook-secret" label={`Secret of ${made.url}`} value={made.secret} copy="Copy secret" />
      <p class="hint">
        How to verify the <code>webhook-signature</code> header: <a href="/docs">the API docs</a>, “Webhooks”.
      </p>
      <button type="button" {...redraws('webhooks-card', WEBHOOKS)}>
        I have copied it
      </button>
    </div>
  );
}

/** The "Webhooks" section: the member's endpoints, their actions, the add form (or the new secret, once). */
export function WebhooksSection({ state }: { state: WebhooksState }) {
  const errors = state.errors ?? {};
  return (
    <section class="card" aria-labelledby="webhooks-title" id="webhooks-card">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="hint">
        We POST the events you choose to your server as they happen, signed as the Standard Webhooks specification says,
        retried with back-off for a day.
      </p>
      <Status id="webhooks" status={state.made ? undefined : state.status} />
      {state.endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoint yet">
          <p>Add one below to hear about orders, imports and short links as they happen.</p>
        </EmptyState>
      ) : (
        <ul class="endpoint-list">
          {state.endpoints.map((endpoint) => (
            <Endpoint key={endpoint.id} endpoint={endpoint} editing={state.editing} />
          ))}
        </ul>
      )}
      {state.made ? (
        <Made made={state.made} />
      ) : (
        <PostForm id="endpoint-form" post={WEBHOOKS} target="#webhooks-card" swap="outerHTML" novalidate>
          <h3>Add an endpoint</h3>
          <EndpointFields prefix="endpoint" form={state.form ?? { url: '', events: [] }} errors={errors} />
          <Status id="endpoint-form" />
          <button type="submit">Add the endpoint</button>
        </PostForm>
      )}
    </section>
  );
}
