import type { domainView } from '@app/shortlinks';
import { EmptyState, Status, type StatusMessage, PostForm } from '../components';
import { ActionButton, InputField } from '../forms';
import { ACCOUNT_SECTIONS, sectionPath } from '../navigation';

type CustomDomainView = ReturnType<typeof domainView>;

const TRY = sectionPath(ACCOUNT_SECTIONS, 'try');
const DOMAINS = sectionPath(ACCOUNT_SECTIONS, 'domains');

export function DomainsSection({
  plan,
  domains,
  status,
}: {
  plan: string;
  domains: CustomDomainView[];
  status?: StatusMessage;
}) {
  const pro = plan === 'pro';
  return (
    <section class="card" aria-labelledby="domains-title" id="domains-card">
      <h2 id="domains-title">Custom domains</h2>
      {!pro ? (
        <EmptyState title="Custom domains are part of the Pro plan">
          <p>
            Your plan is <strong>{plan}</strong>. Short links on our domain work on every plan: use the{' '}
            <code>own_shortener</code> mode. To put short links on your own domain, ask us to move your account to Pro.
          </p>
          <a class="button secondary small" href={`${TRY}?mode=own_shortener`}>
            Make a short link on our domain
          </a>
        </EmptyState>
      ) : (
        <>
          <p class="hint">
            Point the domain (CNAME) at our redirector, publish the TXT record shown, then check it. We re-check every
            domain regularly; the first verified one is used.
          </p>
          {domains.length === 0 ? (
            <EmptyState title="No custom domain yet">
              <p>Add one below, for example go.example.com.</p>
            </EmptyState>
          ) : (
            <ul class="domain-list">
              {domains.map((domain) => (
                <li key={domain.id}>
                  <p class="domain-name">
                    <strong>{domain.domain}</strong> <span class={`badge ${domain.status}`}>{domain.status}</span>
                  </p>
                  <p class="dns">
                    TXT record: <code>{domain.txt_record.name}</code> = <code>{domain.txt_record.value}</code>
                  </p>
                  {domain.last_error ? <p class="dns">{`Last check: ${domain.last_error}`}</p> : null}
                  <div class="actions">
                    <ActionButton
                      post={`${DOMAINS}/${domain.id}/check`}
                      target="#domains-card"
                      label={`Check ${domain.domain} now`}
                    >
                      Check now
                    </ActionButton>
                    <ActionButton
                      post={`${DOMAINS}/${domain.id}/remove`}
                      target="#domains-card"
                      label={`Remove ${domain.domain}`}
                    >
                      Remove
                    </ActionButton>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <PostForm id="domain-form" post={DOMAINS} target="#domains-card" swap="outerHTML">
            <InputField
              id="domain-name"
              label="Domain"
              name="domain"

              maxlength={253}
              placeholder="go.example.com"
              autocomplete="off"
              spellcheck={false}
            />
            <Status id="domain-form" status={status} />
            <button type="submit">Add domain</button>
          </PostForm>
        </>
      )}
    </section>
  );
}
