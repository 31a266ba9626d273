import { EmptyState, Facts, Field, LocalTime, Status, PostForm } from '../components';
import { redraws } from '../forms';
import { QUICKSTART_LANGUAGES, quickstartSnippet, type QuickstartInput } from './quickstart';

export interface KeyState {
  credential: { key_preview: string; created_at: Date } | null;
  expiring_credentials: Array<{ key_preview: string; expires_at: Date | null }>;
}

/** A pair just made: shown in this one answer only (the token is stored as a keyed hash). */
export interface NewPair {
  apiKey: string;
  apiToken: string;
  first: boolean;
  graceSeconds: number;
}

const GRACE_OPTIONS = [
  { seconds: 0, label: 'No time: stop it now' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86400, label: '24 hours' },
];

function graceText(seconds: number): string {
  if (seconds <= 0) return 'The previous pair stopped working now.';
  const label = GRACE_OPTIONS.find((option) => option.seconds === seconds)?.label ?? `${seconds} seconds`;
  return `The previous pair keeps working for ${label}.`;
}

/** A read-only value (a key, a token, a secret) with its copy button. */
export function CopyField({ id, label, value, copy }: { id: string; label: string; value: string; copy?: string }) {
  return (
    <Field id={id} label={label}>
      <div class="copy-row">
        <input id={id} type="text" readonly spellcheck={false} autocomplete="off" value={value} />
        <button type="button" class="secondary" data-copy={id}>
          {copy ?? (label.startsWith('API key') ? 'Copy key' : 'Copy token')}
        </button>
      </div>
    </Field>
  );
}

/** The one-time reveal: the key and the token, with copy buttons, until "I have copied them". */
function Reveal({ pair }: { pair: NewPair }) {
  return (
    <div class="new-pair" id="new-pair" role="region" aria-labelledby="new-pair-title">
      <h3 id="new-pair-title" tabindex={-1} autofocus>
        {pair.first ? 'Your API key and token' : 'Your new key and token'}
      </h3>
      <p class="warning">Copy the token now: it is shown only once and cannot be recovered.</p>
      <CopyField id="new-api-key" label="API key (X-API-Key)" value={pair.apiKey} />
      <CopyField id="new-api-token" label="API token (X-API-Token)" value={pair.apiToken} />
      <p class="hint">
        {pair.first
          ? 'Send both with every call: the Quickstart beside this holds both, ready to copy.'
          : graceText(pair.graceSeconds)}
      </p>
      <button type="button" {...redraws('key-area', '/dashboard')}>
        I have copied them
      </button>
    </div>
  );
}

function KeyCard({ state, pair }: { state: KeyState; pair?: NewPair }) {
  const credential = state.credential;
  return (
    <section class="card" aria-labelledby="key-title" id="key-card">
      <h2 id="key-title">API key</h2>
      {credential ? (
        <Facts
          facts={[
            { term: 'Key', value: <code id="key-preview">{credential.key_preview}</code> },
            { term: 'Created', value: <LocalTime value={credential.created_at} /> },
          ]}
        />
      ) : pair ? null : (
        <EmptyState title="You have no API key yet">
          <p>Create one to call the API from your server: you will see the token once.</p>
        </EmptyState>
      )}
      {state.expiring_credentials.length > 0 ? (
        <ul class="expiring">
          {state.expiring_credentials.map((old) => (
            <li key={old.key_preview}>
              Previous key <code>{old.key_preview}</code> keeps working until <LocalTime value={old.expires_at} />.
            </li>
          ))}
        </ul>
      ) : null}
      {pair ? (
        <Reveal pair={pair} />
      ) : credential ? (
        <PostForm id="regenerate-form" post="/dashboard/key" target="#key-area" swap="outerHTML">
          <h3>Regenerate key and token</h3>
          <p class="hint">
            Do this when you think the key or token leaked: a new pair replaces this one. Your password is needed again.
          </p>
          <Field id="regenerate-password" label="Your password">
            <input id="regenerate-password" name="password" type="password" autocomplete="current-password" required />
          </Field>
          <Field id="regenerate-grace" label="Keep the current pair working for">
            <select id="regenerate-grace" name="grace_seconds">
              {GRACE_OPTIONS.map((option) => (
                <option key={option.seconds} value={String(option.seconds)}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Status id="regenerate-form" />
          <button type="submit">Generate a new key and token</button>
        </PostForm>
      ) : (
        <PostForm id="first-key-form" post="/dashboard/key" target="#key-area" swap="outerHTML">
          <Status id="first-key-form" />
          <button type="submit">Create my key and token</button>
        </PostForm>
      )}
    </section>
  );
}

function Quickstart({ input, hasKey }: { input: QuickstartInput; hasKey: boolean }) {
  const hint = input.token
    ? 'Filled with your new key and token: copy the call and run it.'
    : hasKey
      ? 'Put your key and token in place of YOUR_API_KEY and YOUR_API_TOKEN: the token was shown once, when you created the pair.'
      : 'Create your API key: the call below is then filled with it.';
  return (
    <section class="card" aria-labelledby="quickstart-title" id="quickstart-card">
      <h2 id="quickstart-title">Quickstart</h2>
      <p class="hint">{hint}</p>
      <div class="tabs" role="tablist" aria-label="Language of the example">
        {QUICKSTART_LANGUAGES.map((lang, index) => (
          <button
            key={lang.id}
            type="button"
            role="tab"
            class="tab"
            id={`tab-${lang.id}`}
            aria-controls={`quickstart-${lang.id}`}
            aria-selected={index === 0 ? 'true' : 'false'}
            tabindex={index === 0 ? 0 : -1}
          >
            {lang.label}
          </button>
        ))}
      </div>
      {QUICKSTART_LANGUAGES.map((lang, index) => (
        <div
          key={lang.id}
          role="tabpanel"
          id={`quickstart-${lang.id}`}
          aria-labelledby={`tab-${lang.id}`}
          hidden={index !== 0}
        >
          <pre class="snippet" tabindex={0}>
            <code id={`quickstart-code-${lang.id}`}>{quickstartSnippet(lang.id, input)}</code>
          </pre>
          <button type="button" class="secondary" data-copy={`quickstart-code-${lang.id}`}>
            Copy this call
          </button>
        </div>
      ))}
      <p class="hint">
        The JSON body is the part to edit: <code>content</code> is your post, <code>mode</code> one of the ten modes
        (see <a href="/docs">the API docs</a>).
      </p>
    </section>
  );
}

/** The API key section: the key card (or the one-time reveal) beside the quickstart. */
export function KeyArea({
  state,
  origin,
  affiliateId,
  pair,
}: {
  state: KeyState;
  origin: string;
  affiliateId: string | null;
  pair?: NewPair;
}) {
  return (
    <div class="pair-grid" id="key-area">
      <KeyCard state={state} pair={pair} />
      <Quickstart
        input={{ origin, affiliateId, key: pair?.apiKey, token: pair?.apiToken }}
        hasKey={state.credential !== null}
      />
    </div>
  );
}
