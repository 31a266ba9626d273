import { PostForm, Status } from '../components';
import type { DisabledWebhook } from '../viewer';

/** Where the account's notices are turned back on from (one POST per endpoint; the answer is this card again). */
export const enableWebhookPath = (id: string) => `/dashboard/notices/webhooks/${encodeURIComponent(id)}/enable`;

/**
 * The banner of every account page while one of the member's webhook endpoints is turned off (after failing for
 * days): which one, why, and a button that turns it back on. Empty (but present, for htmx) when none is.
 */
export function AccountNotices({ disabled, status }: { disabled: readonly DisabledWebhook[]; status?: string }) {
  return (
    <div id="account-notices">
      {disabled.length > 0 ? (
        <section class="card notice" aria-labelledby="notices-title" role="region">
          <h2 id="notices-title">
            {disabled.length === 1 ? 'A webhook endpoint is turned off' : 'Webhook endpoints are turned off'}
          </h2>
          <ul class="stack">
            {disabled.map((endpoint) => (
              <li key={endpoint.id}>
                <p>
                  <strong class="break">{endpoint.url}</strong>: {endpoint.disabled_reason ?? 'turned off.'}
                </p>
                <PostForm
                  id={`enable-${endpoint.id}`}
                  class="inline"
                  post={enableWebhookPath(endpoint.id)}
                  target="#account-notices"
                  swap="outerHTML"
                >
                  <button type="submit" class="small" aria-label={`Turn ${endpoint.url} back on`}>
                    Turn it back on
                  </button>
                </PostForm>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {status ? <Status id="notices" status={{ kind: 'ok', text: status }} /> : null}
    </div>
  );
}
