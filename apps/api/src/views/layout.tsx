import type { ComponentChildren } from 'preact';
import { Status, type StatusMessage } from './components';
import { ACCOUNT_SECTIONS, ADMIN_SECTIONS, type NavItem, PAGE } from './navigation';
import type { Viewer } from './viewer';

/**
 * htmx's settings: no eval, no inline styles (CSP), requests to our own origin only, no page snapshots in
 * localStorage (a page may hold a one-time token), and error answers swapped too (they are status messages).
 */
const HTMX_CONFIG = JSON.stringify({
  allowEval: false,
  allowScriptTags: false,
  includeIndicatorStyles: false,
  selfRequestsOnly: true,
  historyCacheSize: 0,
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '[45]..', swap: true, error: true },
  ],
});

export interface LayoutProps {
  title: string;
  viewer?: Viewer | null;
  /** Before login: the pre-login CSRF token the sign-up and login forms send. */
  csrfToken?: string;
  area?: 'account' | 'admin';
  /** The current section's id (aria-current in the section navigation). */
  section?: string;
  heading?: ComponentChildren;
  status?: StatusMessage | null;
  charts?: boolean;
  width?: 'narrow' | 'wide';
  children: ComponentChildren;
}

function SectionNav({ label, items, current }: { label: string; items: readonly NavItem[]; current?: string }) {
  return (
    <nav class="section-nav" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={item.path} aria-current={item.id === current ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TopBar({ viewer, area }: { viewer?: Viewer | null; area?: 'account' | 'admin' }) {
  return (
    <header class="topbar">
      <a class="brand" href={viewer ? PAGE.account : PAGE.home}>
        Link Conversion
      </a>
      <nav aria-label="Main">
        <a href="/docs">API docs</a>
        {viewer ? (
          <>
            <a href={PAGE.account} aria-current={area === 'account' ? 'true' : undefined}>
              Your account
            </a>
            {viewer.role === 'admin' ? (
              <a href={PAGE.console} aria-current={area === 'admin' ? 'true' : undefined}>
                Admin console
              </a>
            ) : null}
            <span class="who" title={viewer.email}>
              {viewer.email}
            </span>
            <button type="button" class="link" id="logout" hx-post={PAGE.logout} hx-swap="none">
              Log out
            </button>
          </>
        ) : (
          <>
            <a href={PAGE.login}>Log in</a>
            <a class="button small" href={PAGE.signup}>
              Sign up
            </a>
          </>
        )}
      </nav>
    </header>
  );
}

/**
 * The one layout of every page: the top bar, the area's section navigation (account or admin), the page's
 * status area, the content. Scripts: htmx (partial updates), the islands (dates, dialogs, copy, reveal, charts)
 * and Chart.js where a page draws charts, all served from our own origin (CSP `script-src 'self'`).
 */
export function Layout(props: LayoutProps) {
  const csrf = props.viewer?.csrfToken ?? props.csrfToken;
  const sections =
    props.area === 'account' ? (
      <SectionNav label="Account sections" items={ACCOUNT_SECTIONS} current={props.section} />
    ) : props.area === 'admin' ? (
      <SectionNav label="Admin sections" items={ADMIN_SECTIONS} current={props.section} />
    ) : null;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="htmx-config" content={HTMX_CONFIG} />
        <title>{`${props.title} · Link Conversion`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/vendor/htmx.min.js" defer></script>
        {props.charts ? <script src="/assets/vendor/chart.umd.min.js" defer></script> : null}
        <script src="/assets/islands.js" defer></script>
      </head>
      <body
        hx-ext="json-enc"
        hx-headers={csrf ? JSON.stringify({ 'X-CSRF-Token': csrf }) : undefined}
        data-area={props.area}
      >
        <a class="skip" href="#main">
          Skip to content
        </a>
        <TopBar viewer={props.viewer} area={props.area} />
        <main id="main" class={props.width ?? (props.area ? 'wide' : 'narrow')} tabindex={-1}>
          <h1>{props.heading ?? props.title}</h1>
          {sections}
          <Status id="page" status={props.status} />
          {props.children}
        </main>
      </body>
    </html>
  );
}
