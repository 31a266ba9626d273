import { type IntegrationKeyView, SCOPES } from '@app/credentials';
import { Choices, type FieldErrors } from '../choices';
import { ConfirmDialog, LocalTime, PostForm, Status, type StatusMessage } from '../components';
import { InputField, redraws } from '../forms';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';
import { type Column, DataTable } from '../table';
import { CopyField } from './key';

const KEYS = sectionPath(ACCOUNT_SECTIONS, 'integration-keys');

/** What the create form holds: as typed, so a refused form comes back with its values and the errors beside them. */
export interface KeyFormValues {
  name: string;
  scopes: string[];
  expires_on: string;
  allowed_ips: string;
}

export const EMPTY_KEY_FORM: KeyFormValues = { name: '', scopes: [], expires_on: '', allowed_ips: '' };

export interface IntegrationKeysState {
  /** The member's main pair (the seed's): every right, no expiry, any address; null before it is made. */
  main: { key_preview: string; created_at: Date } | null;
  keys: IntegrationKeyView[];
  /** A pair just made: shown in this answer only. */
  made?: { name: string; apiKey: string; apiToken: string };
  form?: KeyFormValues;
  errors?: FieldErrors;
  status?: StatusMessage;
}

interface Row extends IntegrationKeyView {
  main: boolean;
}

function RevokeButton({ row }: { row: Row }) {
  if (row.main) return <a href={sectionPath(ACCOUNT_SECTIONS, 'key')}>Regenerate it</a>;
  const id = `revoke-${row.id}`;
  return (
    <ConfirmDialog id={id} opener="Revoke" openerLabel={`Revoke ${row.name}`} title={`Revoke ${row.name}?`} danger>
      <p>
        Calls with the key <code>{row.key_preview}</code> are refused from now on, on every instance. This cannot be
        undone: make a new key if the integration still needs one.
      </p>
      <PostForm id={`${id}-form`} post={`${KEYS}/${row.id}/revoke`} target="#keys-card" swap="outerHTML">
        <Status id={`${id}-form`} />
        <button type="submit" class="danger">
          Revoke the key
        </button>
      </PostForm>
    </ConfirmDialog>
  );
}

const COLUMNS: Column<Row>[] = [
  { label: 'Name', primary: true, cell: (row) => row.name },
  { label: 'Key', cell: (row) => <code>{row.key_preview}</code> },
  {
    label: 'Scopes',
    cell: (row) =>
      row.main ? (
        <strong>Every right</strong>
      ) : (
        row.scopes.map((scope, index) => (
          <span class="scope" key={scope}>
            {index > 0 ? ', ' : ''}
            {scope}
          </span>
        ))
      ),
  },
  { label: 'Expires', cell: (row) => <LocalTime value={row.expires_at} /> },
  { label: 'IP allow-list', cell: (row) => (row.allowed_ips.length > 0 ? row.allowed_ips.join(', ') : 'Any address') },
  { label: 'Created', cell: (row) => <LocalTime value={row.created_at} /> },
  { label: 'Actions', cell: (row) => <RevokeButton row={row} /> },
];

function Made({ made }: { made: NonNullable<IntegrationKeysState['made']> }) {
  return (
    <div class="new-pair" id="new-pair" role="region" aria-labelledby="new-pair-title">
      <h3 id="new-pair-title" tabindex={-1} autofocus>
        {`Key and token of ${made.name}`}
      </h3>
      <p class="warning">Copy the token now: it is shown only once and cannot be recovered.</p>
      <CopyField id="new-api-key" label="API key (X-API-Key)" value={made.apiKey} />
      <CopyField id="new-api-token" label="API token (X-API-Token)" value={made.apiToken} />
      <p class="hint">Your integration sends both with every call, as with your main key.</p>
      <button type="button" {...redraws('keys-card', KEYS)}>
        I have copied them
      </button>
    </div>
  );
}

function CreateForm({ form, errors, status }: { form: KeyFormValues; errors: FieldErrors; status?: StatusMessage }) {
  return (
    <PostForm id="key-form" post={KEYS} target="#keys-card" swap="outerHTML" novalidate>
      <h3>Make a key</h3>
      <InputField
        id="key-name"
        label="Name"
        hint="What the key is for, say the integration: “ERP order sync”."
        name="name"
        maxlength={100}
        autocomplete="off"
        value={form.name}
        error={errors.name}
      />
      <Choices
        id="key-scopes"
        name="scopes"
        legend="Scopes"
        hint="A call outside them is refused (403 insufficient_scope)."
        options={SCOPES.map((scope) => ({ value: scope, label: <code>{scope}</code> }))}
        checked={form.scopes}
        error={errors.scopes}
      />
      <InputField
        id="key-expiry"
        label="Expires on (optional)"
        hint="The key stops working at 00:00 UTC that day."
        name="expires_on"
        type="date"
        value={form.expires_on}
        error={errors.expires_at}
      />
      <InputField
        id="key-ips"
        label="IP allow-list (optional)"
        hint="Addresses or CIDR ranges, separated by commas or spaces: 203.0.113.0/24, 2001:db8::/48. Empty: any."
        name="allowed_ips"
        maxlength={2000}
        autocomplete="off"
        spellcheck={false}
        value={form.allowed_ips}
        error={errors.allowed_ips}
      />
      <Status id="key-form" status={status} />
      <button type="submit">Make the key</button>
    </PostForm>
  );
}

/** The "Integration keys" section: the main pair and the keys per integration, the one-time reveal, the form. */
export function IntegrationKeysSection({ state }: { state: IntegrationKeysState }) {
  const rows: Row[] = [
    ...(state.main
      ? [
          {
            id: 'main',
            name: 'Main key',
            key_preview: state.main.key_preview,
            scopes: [],
            allowed_ips: [],
            expires_at: null,
            created_at: new Date(state.main.created_at).toISOString(),
            main: true,
          },
        ]
      : []),
    ...state.keys.map((key) => ({ ...key, main: false })),
  ];
  return (
    <section class="card" aria-labelledby="keys-title" id="keys-card">
      <h2 id="keys-title">Integration keys</h2>
      <p class="hint">
        One key and token per integration, each limited to what it needs. Your main key keeps every right; the limits
        per key and per member are the same for all.
      </p>
      <DataTable caption="Your keys" columns={COLUMNS} rows={rows} id="keys-table" />
      {state.made ? (
        <Made made={state.made} />
      ) : (
        <CreateForm form={state.form ?? EMPTY_KEY_FORM} errors={state.errors ?? {}} status={state.status} />
      )}
    </section>
  );
}
