import type { ConvertResult } from '@app/conversion';
import type { ProductDetails } from '@app/products';
import Decimal from 'decimal.js';
import type { MemberSettingsView } from '@app/members';
import type { domainView, ShortLinkService } from '@app/shortlinks';
import {
  Chart,
  DataTable,
  EmptyState,
  Field,
  LocalTime,
  Pager,
  plural,
  Status,
  type StatusMessage,
} from '../components';
import { sectionPath, ACCOUNT_SECTIONS } from '../navigation';
import { SETTINGS_GROUPS, type SettingsGroup } from './settings-groups';
import { formatMoney } from '../money';

type ShortLinkView = Awaited<ReturnType<ShortLinkService['list']>>['links'][number];
type SubIdClicks = Awaited<ReturnType<ShortLinkService['subIds']>>[number];
type ClicksPerDay = Awaited<ReturnType<ShortLinkService['clicksPerDay']>>[number];
type CustomDomainView = ReturnType<typeof domainView>;

const TRY = sectionPath(ACCOUNT_SECTIONS, 'try');
const SETTINGS = sectionPath(ACCOUNT_SECTIONS, 'settings');
const DOMAINS = sectionPath(ACCOUNT_SECTIONS, 'domains');

/** The ten modes, labelled for people (the API names them by `mode`). */
export const MODE_LABELS: Record<string, string> = {
  affiliate: 'Affiliate link',
  link_goc: 'Original link',
  own_shortener: 'Short link',
  custom_domain_shortener: 'Short link on your domain',
  marketplace_api: 'Marketplace API link',
  ext_shortener_1: 'TinyURL',
  ext_shortener_2: 'is.gd',
  ext_shortener_3: 'v.gd',
  ext_shortener_4: 'Bitly',
  ext_shortener_5: 'Cutt.ly',
};

/* ---------- Try it ---------- */

export interface PlaygroundValues {
  content: string;
  mode: string;
  affiliate_id: string;
  sub_ids: string;
  include_product: boolean;
}

export const PLAYGROUND_DEFAULTS: PlaygroundValues = {
  content: 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc giảm 50%!',
  mode: 'affiliate',
  affiliate_id: '',
  sub_ids: '',
  include_product: false,
};

/** `172000` → `172,000 VND` (`formatMoney`: the pages' one money formatter), or null. */
export function money(amount: string | null, currency: string): string | null {
  return amount === null ? null : formatMoney(amount, currency);
}

/** `12,000 – 24,000 VND`: one currency for both ends. */
function range(low: string, high: string | null, currency: string): string | null {
  const top = money(high, currency);
  return top === null ? money(low, currency) : `${money(low, currency)!.slice(0, -currency.length - 1)} – ${top}`;
}

/** `0.1234` → `12.34 %`. */
export function percent(rate: string | null): string | null {
  return rate === null ? null : `${new Decimal(rate).mul(100).toFixed()} %`;
}

/** A product as a card: its image, name, price, commission rate and estimated commission. */
export function ProductCard({ product }: { product: ProductDetails }) {
  const price =
    product.price !== null
      ? money(product.price, product.currency)
      : product.price_min !== null
        ? range(product.price_min, product.price_max, product.currency)
        : null;
  const earn =
    product.estimated_commission === null
      ? null
      : product.estimated_commission_max !== null && product.estimated_commission_max !== product.estimated_commission
        ? range(product.estimated_commission, product.estimated_commission_max, product.currency)
        : money(product.estimated_commission, product.currency);
  return (
    <article class="product-card" aria-label={product.name ?? `Product ${product.item_id}`}>
      {product.image_url ? (
        <img src={product.image_url} alt="" width={96} height={96} loading="lazy" referrerpolicy="no-referrer" />
      ) : (
        <div class="product-image-none" aria-hidden="true"></div>
      )}
      <div class="product-body">
        <p class="product-name">{product.name ?? `Product ${product.item_id}`}</p>
        {product.shop_name ? <p class="target">{product.shop_name}</p> : null}
        <dl class="product-facts">
          <div>
            <dt>Price</dt>
            <dd>{price ?? '—'}</dd>
          </div>
          <div>
            <dt>Commission rate</dt>
            <dd>{percent(product.commission_rate) ?? '—'}</dd>
          </div>
          <div>
            <dt>You earn per sale</dt>
            <dd class="product-earn">{earn ?? '—'}</dd>
          </div>
          {product.rating !== null || product.units_sold !== null ? (
            <div>
              <dt>Rating · sold</dt>
              <dd>{`${product.rating ?? '—'} ★ · ${product.units_sold ?? '—'}`}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  );
}

/** Where an item's error sends the member: the settings its marketplace or service needs. */
function nextStepFor(code: string) {
  if (code === 'marketplace_not_configured' || code === 'invalid_upstream_credentials') {
    return <a href={SETTINGS}>Open your settings</a>;
  }
  return null;
}

export function PlaygroundResult({ answer }: { answer: ConvertResult }) {
  return (
    <div id="try-result" class="result">
      <h3 id="try-output-title">Output</h3>
      <p class="hint" id="try-summary">
        {`${MODE_LABELS[answer.mode] ?? answer.mode} · ${answer.summary.success} converted, ${answer.summary.failed} failed`}
      </p>
      <pre class="snippet" tabindex={0} aria-labelledby="try-output-title">
        <code id="try-output">{answer.output}</code>
      </pre>
      {answer.items.length > 0 ? (
        <>
          <h3>Links</h3>
          <ol class="items" id="try-items">
            {answer.items.map((item, index) => (
              <li key={index} class={item.ok ? 'ok' : 'failed'}>
                <p class="target">{`${item.marketplace ? `${item.marketplace}: ` : ''}${item.input}`}</p>
                {item.ok ? (
                  <p>{`→ ${item.output}`}</p>
                ) : (
                  <p>
                    {`✗ ${item.error?.code}: ${item.error?.message} `}
                    {nextStepFor(item.error?.code ?? '')}
                  </p>
                )}
                {item.product ? <ProductCard product={item.product} /> : null}
                {item.product_error ? (
                  <p class="product-note">
                    {`No product details (${item.product_error.code}): ${item.product_error.message} `}
                    {item.product_error.code === 'product_not_configured' ? (
                      <a href={SETTINGS}>Open your settings</a>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <EmptyState title="No marketplace link in this text">
          <p>Paste a post with a Shopee, Lazada, TikTok Shop or Tiki link.</p>
        </EmptyState>
      )}
    </div>
  );
}

export function PlaygroundSection({ values, modes }: { values: PlaygroundValues; modes: readonly string[] }) {
  return (
    <section class="card" aria-labelledby="try-title">
      <h2 id="try-title">Try it</h2>
      <p class="hint">
        Runs <code>POST /api/convert</code> as you, with your <a href={SETTINGS}>saved defaults</a>, and shows its
        answer. No token needed here; the calls count in your usage and limits.
      </p>
      <form
        id="try-form"
        class="stack"
        hx-post={TRY}
        hx-target="#try-result"
        hx-swap="outerHTML"
        hx-disabled-elt="find button"
      >
        <Field id="try-content" label="Text with marketplace links">
          <textarea id="try-content" name="content" rows={5} maxlength={50000} spellcheck={false}>
            {values.content}
          </textarea>
        </Field>
        <Field id="try-mode" label="Mode">
          <select id="try-mode" name="mode">
            {modes.map((mode) => (
              <option key={mode} value={mode} selected={mode === values.mode}>
                {`${MODE_LABELS[mode] ?? mode} (${mode})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id="try-affiliate-id" label="Affiliate id (empty: your saved default)">
          <input
            id="try-affiliate-id"
            name="affiliate_id"
            type="text"
            maxlength={64}
            autocomplete="off"
            value={values.affiliate_id}
          />
        </Field>
        <Field id="try-sub-ids" label="Sub ids (comma-separated; empty: your saved defaults)">
          <input id="try-sub-ids" name="sub_ids" type="text" autocomplete="off" value={values.sub_ids} />
        </Field>
        <div class="field">
          <label class="check" for="try-include-product">
            <input
              id="try-include-product"
              name="include_product"
              type="checkbox"
              value="1"
              checked={values.include_product}
            />
            <span>
              Show product details (name, image, price, commission): <code>include: ["product"]</code>
            </span>
          </label>
        </div>
        <Status id="try-form" />
        <button type="submit">Convert</button>
      </form>
      <div id="try-result"></div>
    </section>
  );
}

/* ---------- Clicks ---------- */

export interface ClicksData {
  scope: string;
  links: ShortLinkView[];
  total: number;
  page: number;
  perPage: number;
  subIds: SubIdClicks[];
  days: ClicksPerDay[];
}

export function linkScope(link: ShortLinkView): string {
  return `code:${link.code}:${link.domain ?? ''}`;
}

export function ClicksSection({ data }: { data: ClicksData }) {
  const people = data.days.reduce((sum, day) => sum + day.clicks, 0);
  const bots = data.days.reduce((sum, day) => sum + day.bot_clicks, 0);
  const pages = Math.max(1, Math.ceil(data.total / data.perPage));
  const pageLink = (page: number) => `?page=${page}&scope=${encodeURIComponent(data.scope)}`;
  if (data.total === 0) {
    return (
      <section class="card" aria-labelledby="links-title" id="clicks-panel">
        <h2 id="links-title">Short links</h2>
        <EmptyState title="No short links yet">
          <p>
            Short links are made by the <code>own_shortener</code> and <code>custom_domain_shortener</code> modes; their
            clicks show here.
          </p>
          <a class="button secondary small" href={`${TRY}?mode=own_shortener`}>
            Make one in Try it
          </a>
        </EmptyState>
      </section>
    );
  }
  return (
    <section class="card" aria-labelledby="links-title" id="clicks-panel">
      <h2 id="links-title">Short links</h2>
      <p class="hint">Clicks are written every few seconds; link previews and other bots are counted apart.</p>
      <form
        class="filter"
        method="get"
        hx-get=""
        hx-trigger="change"
        hx-select="#clicks-panel"
        hx-target="#clicks-panel"
        hx-swap="outerHTML"
      >
        <Field id="clicks-scope" label="Show clicks of">
          <select id="clicks-scope" name="scope">
            <option value="all" selected={data.scope === 'all'}>
              All short links
            </option>
            <optgroup label="One short link">
              {data.links.map((link) => (
                <option key={link.url} value={linkScope(link)} selected={data.scope === linkScope(link)}>
                  {link.url}
                </option>
              ))}
            </optgroup>
            {data.subIds.length > 0 ? (
              <optgroup label="One sub id">
                {data.subIds.map((entry) => (
                  <option
                    key={entry.sub_id}
                    value={`sub:${entry.sub_id}`}
                    selected={data.scope === `sub:${entry.sub_id}`}
                  >
                    {`${entry.sub_id || '(no sub id)'} · ${plural(entry.links, 'link')}`}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </Field>
        <button type="submit" class="secondary small">
          Show
        </button>
      </form>
      <Chart
        id="clicks-chart"
        title="Clicks per day (last 30 days, UTC)"
        summary={`${plural(people, 'click')} by people, ${bots} by bots, in ${data.days.length} days.`}
        spec={{
          type: 'bar',
          stacked: true,
          labels: data.days.map((day) => day.day.slice(5)),
          datasets: [
            { label: 'People', data: data.days.map((day) => day.clicks), color: '#4f6bed' },
            { label: 'Bots', data: data.days.map((day) => day.bot_clicks), color: '#8a94a6' },
          ],
        }}
        empty={
          <EmptyState title="No clicks in the last 30 days">
            <p>Share a short link: its clicks are drawn here per day.</p>
          </EmptyState>
        }
      />
      <DataTable
        caption="Your short links"
        id="links-table"
        rows={data.links}
        rowKey={(link) => link.url}
        columns={[
          {
            label: 'Short link',
            primary: true,
            cell: (link) => (
              <a href={link.url} rel="noopener noreferrer" target="_blank">
                {link.url}
              </a>
            ),
          },
          { label: 'Target', class: 'wrap', cell: (link) => link.target },
          { label: 'Sub id', cell: (link) => link.sub_id || '—' },
          { label: 'Clicks', cell: (link) => `${link.clicks} by people, ${link.bot_clicks} by bots` },
          { label: 'Created', cell: (link) => <LocalTime value={link.created_at} /> },
        ]}
      />
      <Pager
        label="Short link pages"
        info={`Page ${data.page} of ${pages}`}
        prev={data.page > 1 ? pageLink(data.page - 1) : undefined}
        next={data.page < pages ? pageLink(data.page + 1) : undefined}
      />
    </section>
  );
}

/* ---------- Usage ---------- */

/** The short-link quotas of the member's plan and their use (the same figures as `GET /api/limits`). */
export interface ShortLinkQuotaView {
  per_day: number;
  today: number;
  total_limit: number;
  total: number;
}

export function UsageSection({
  usage,
}: {
  usage: { this_minute: number; today: number; short_links?: ShortLinkQuotaView };
}) {
  const quota = usage.short_links;
  return (
    <section class="card" aria-labelledby="usage-title" id="usage-card">
      <h2 id="usage-title">Usage</h2>
      <div class="stats">
        <div class="stat">
          <span class="stat-value" id="usage-minute">
            {String(usage.this_minute)}
          </span>
          <span class="stat-label">conversions this minute</span>
        </div>
        <div class="stat">
          <span class="stat-value" id="usage-today">
            {String(usage.today)}
          </span>
          <span class="stat-label">conversions today (UTC)</span>
        </div>
        {quota ? (
          <div class="stat">
            <span class="stat-value" id="usage-short-links-today">
              {`${quota.today} / ${quota.per_day}`}
            </span>
            <span class="stat-label">new short links today (UTC), your plan's daily quota</span>
          </div>
        ) : null}
        {quota ? (
          <div class="stat">
            <span class="stat-value" id="usage-short-links-total">
              {`${quota.total} / ${quota.total_limit}`}
            </span>
            <span class="stat-label">short links in all, your plan's quota</span>
          </div>
        ) : null}
      </div>
      {usage.today === 0 ? (
        <EmptyState title="No conversions today">
          <a href={TRY}>Try a conversion</a> or copy the Quickstart call from <a href="/dashboard">API key</a>.
        </EmptyState>
      ) : null}
      <button
        type="button"
        class="secondary small"
        hx-get=""
        hx-select="#usage-card"
        hx-target="#usage-card"
        hx-swap="outerHTML"
      >
        Refresh
      </button>
    </section>
  );
}

/* ---------- Settings ---------- */

export function SettingsGroupCard({
  group,
  settings,
  status,
}: {
  group: SettingsGroup;
  settings: MemberSettingsView;
  status?: StatusMessage;
}) {
  const formId = `settings-${group.id}`;
  const plainValue = (name: SettingsGroup['plain'][number]['name']): string => {
    if (name === 'affiliate_id') return settings.affiliate_id ?? '';
    if (name === 'sub_ids') return settings.sub_ids.join(', ');
    return settings.marketplace[name] ?? '';
  };
  const savedSecrets = group.secrets.filter((secret) => settings.secrets[secret.name].set).length;
  return (
    <section class="card" aria-labelledby={`${formId}-title`} id={`${formId}-card`}>
      <h2 id={`${formId}-title`}>{group.title}</h2>
      <p class="hint">{group.purpose}</p>
      {group.secrets.length > 0 ? (
        <p class="hint">
          {savedSecrets === 0
            ? 'Nothing saved yet. Stored encrypted; only a preview is ever shown again.'
            : `${savedSecrets} of ${group.secrets.length} saved. Leave a field empty to keep its saved value.`}
        </p>
      ) : null}
      <form
        id={formId}
        class="stack"
        hx-post={`${SETTINGS}/${group.id}`}
        hx-target={`#${formId}-card`}
        hx-swap="outerHTML"
        hx-disabled-elt="find button"
      >
        {group.plain.map((field) => (
          <Field key={field.name} id={`${formId}-${field.name}`} label={field.label} hint={field.hint}>
            <input
              id={`${formId}-${field.name}`}
              name={field.name}
              type="text"
              maxlength={300}
              autocomplete="off"
              value={plainValue(field.name)}
              aria-describedby={field.hint ? `${formId}-${field.name}-hint` : undefined}
            />
          </Field>
        ))}
        {group.secrets.map((secret) => {
          const state = settings.secrets[secret.name];
          return (
            <Field
              key={secret.name}
              id={`${formId}-${secret.name}`}
              label={secret.label}
              hint={
                state.set ? (
                  <>
                    Saved: <code>{state.preview}</code>
                  </>
                ) : undefined
              }
            >
              <input
                id={`${formId}-${secret.name}`}
                name={secret.name}
                type="password"
                maxlength={512}
                autocomplete="off"
                spellcheck={false}
                aria-describedby={state.set ? `${formId}-${secret.name}-hint` : undefined}
              />
            </Field>
          );
        })}
        <Status id={formId} status={status} />
        <div class="actions">
          <button type="submit">{`Save ${group.title === 'Defaults for every marketplace' ? 'defaults' : group.title}`}</button>
          {group.secrets
            .filter((secret) => settings.secrets[secret.name].set)
            .map((secret) => (
              <button
                key={secret.name}
                type="button"
                class="secondary small"
                hx-post={`${SETTINGS}/${group.id}`}
                hx-vals={JSON.stringify({ remove: secret.name })}
                hx-target={`#${formId}-card`}
                hx-swap="outerHTML"
                aria-label={`Remove the saved ${secret.label}`}
              >
                {`Remove ${secret.label.replace(/^(Shopee Affiliate|Lazada|Bitly|Cutt\.ly) /, '')}`}
              </button>
            ))}
        </div>
      </form>
    </section>
  );
}

export function SettingsSection({ settings }: { settings: MemberSettingsView }) {
  return (
    <div class="settings-grid">
      {SETTINGS_GROUPS.map((group) => (
        <SettingsGroupCard key={group.id} group={group} settings={settings} />
      ))}
    </div>
  );
}

/* ---------- Domains ---------- */

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
                    <button
                      type="button"
                      class="secondary small"
                      hx-post={`${DOMAINS}/${domain.id}/check`}
                      hx-target="#domains-card"
                      hx-swap="outerHTML"
                      aria-label={`Check ${domain.domain} now`}
                    >
                      Check now
                    </button>
                    <button
                      type="button"
                      class="secondary small"
                      hx-post={`${DOMAINS}/${domain.id}/remove`}
                      hx-target="#domains-card"
                      hx-swap="outerHTML"
                      aria-label={`Remove ${domain.domain}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <form
            id="domain-form"
            class="stack"
            hx-post={DOMAINS}
            hx-target="#domains-card"
            hx-swap="outerHTML"
            hx-disabled-elt="find button"
          >
            <Field id="domain-name" label="Domain">
              <input
                id="domain-name"
                name="domain"
                type="text"
                maxlength={253}
                placeholder="go.example.com"
                autocomplete="off"
                spellcheck={false}
              />
            </Field>
            <Status id="domain-form" status={status} />
            <button type="submit">Add domain</button>
          </form>
        </>
      )}
    </section>
  );
}

/* ---------- Profile ---------- */

export function ProfileSection({
  member,
  status,
}: {
  member: { email: string; plan: string; created_at: Date };
  status?: StatusMessage;
}) {
  return (
    <>
      <section class="card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl class="facts">
          <dt>Email</dt>
          <dd id="profile-email">{member.email}</dd>
          <dt>Plan</dt>
          <dd>
            <span class="badge">{member.plan}</span>
          </dd>
          <dt>Member since</dt>
          <dd>
            <LocalTime value={member.created_at} />
          </dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="password-title" id="password-card">
        <h2 id="password-title">Change password</h2>
        <p class="hint">This logs you out everywhere else.</p>
        <form
          id="password-form"
          class="stack"
          hx-post="/dashboard/password"
          hx-target="#password-form-status"
          hx-disabled-elt="find button"
        >
          <Field id="current-password" label="Current password">
            <input id="current-password" name="current_password" type="password" autocomplete="current-password" />
          </Field>
          <Field id="new-password" label="New password">
            <input
              id="new-password"
              name="new_password"
              type="password"
              autocomplete="new-password"
              minLength={8}
              maxLength={128}
            />
          </Field>
          <Status id="password-form" status={status} />
          <button type="submit">Change password</button>
        </form>
      </section>
    </>
  );
}
