import { ABUSE_EVENT_TYPES } from '../abuse.constants';
import type { AbuseEventDto, IpBanDto } from './abuse-admin.dto';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made safe for HTML: every `& < > " '` escaped. */
export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

export interface AbusePageFilter {
  ip?: string;
  member_id?: string;
  type?: string;
  from?: string;
  to?: string;
}

export interface AbusePageData {
  filter: AbusePageFilter;
  bans: IpBanDto[];
  events: AbuseEventDto[];
  nextCursor: string | null;
  /** Member id → email, for the rows that name a member. */
  emails?: ReadonlyMap<string, string>;
}

/** The admin console's header: the same navigation as the console's other pages. */
export const ADMIN_NAV = [
  ['/admin', 'Overview'],
  ['/admin/members', 'Members'],
  ['/admin/abuse', 'Abuse log'],
  ['/admin/bans', 'Bans'],
  ['/account', 'Your account'],
] as const;

function adminHeader(current: string): string {
  const links = ADMIN_NAV.map(
    ([href, label]) => `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`,
  ).join('');
  return `<header class="topbar"><a class="brand" href="/admin">Link Conversion · Admin</a><nav aria-label="Admin">${links}</nav></header>`;
}

/** An event's exact address as written (`::1`), and its abuse key when that groups several (`::/64`). */
function addresses(event: AbuseEventDto): { address: string | null; group: string | null } {
  const exact = typeof event.detail?.address === 'string' ? event.detail.address : null;
  if (exact && exact !== event.ip) return { address: exact, group: event.ip };
  return { address: event.ip, group: null };
}

function memberCell(id: string | null, emails: ReadonlyMap<string, string> | undefined): string {
  if (!id) return '<td></td>';
  const email = emails?.get(id);
  const link = `<a href="/admin/members/${escapeHtml(id)}">${escapeHtml(email ?? id)}</a>`;
  return `<td>${link}${email ? `<br><small class="muted">${escapeHtml(id)}</small>` : ''}</td>`;
}

function cell(value: unknown, className?: string): string {
  return `<td${className ? ` class="${className}"` : ''}>${escapeHtml(value)}</td>`;
}

function input(name: keyof AbusePageFilter, label: string, value: string | undefined): string {
  return `<div class="field"><label for="f-${name}">${escapeHtml(label)}</label><input id="f-${name}" name="${name}" value="${escapeHtml(value ?? '')}"></div>`;
}

function typeSelect(selected: string | undefined): string {
  const options = ['', ...ABUSE_EVENT_TYPES]
    .map(
      (type) =>
        `<option value="${escapeHtml(type)}"${type === (selected ?? '') ? ' selected' : ''}>${escapeHtml(type || 'any')}</option>`,
    )
    .join('');
  return `<div class="field"><label for="f-type">Type</label><select id="f-type" name="type">${options}</select></div>`;
}

function nextLink(filter: AbusePageFilter, cursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  params.set('cursor', cursor);
  return `<nav class="pager" aria-label="Pages"><a href="/admin/abuse?${escapeHtml(params.toString())}">Older events</a></nav>`;
}

/**
 * The admin page: active bans and the abuse log, filterable with a plain GET form. Server-rendered with every
 * value escaped, no script at all (the CSP allows none), so nothing an attacker put in a header or a field can
 * run in an admin's browser.
 */
export function renderAbusePage(data: AbusePageData): string {
  const bans = data.bans.length
    ? data.bans
        .map(
          (ban) =>
            `<tr>${cell(ban.ip)}${cell(ban.level)}${cell(`${Math.round(ban.duration_seconds / 60)} min`)}${cell(ban.failures)}` +
            `${cell(ban.banned_at)}${cell(ban.expires_at)}<td><a href="/admin/bans?ip=${escapeHtml(encodeURIComponent(ban.ip))}">Lift or history</a></td></tr>`,
        )
        .join('\n')
    : '<tr><td colspan="7" class="muted">No active bans</td></tr>';
  const events = data.events.length
    ? data.events
        .map(
          (event) =>
            `<tr>${cell(event.created_at)}${cell(event.type)}${cell(addresses(event).address)}${cell(addresses(event).group)}` +
            `${memberCell(event.member_id, data.emails)}${cell(event.key_preview)}${cell(event.detail, 'detail')}</tr>`,
        )
        .join('\n')
    : '<tr><td colspan="7" class="muted">No events</td></tr>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Abuse log · Link Conversion</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/app.css">
<link rel="stylesheet" href="/assets/admin.css">
</head>
<body data-page="admin-abuse">
${adminHeader('/admin/abuse')}
<main class="wide">
<h1>Abuse log</h1>
<section class="card">
<form method="get" action="/admin/abuse" class="admin-filter" role="search">
${input('ip', 'IP or IPv6 /64', data.filter.ip)}
${input('member_id', 'Member id', data.filter.member_id)}
${typeSelect(data.filter.type)}
${input('from', 'From (ISO 8601)', data.filter.from)}
${input('to', 'To (ISO 8601)', data.filter.to)}
<button type="submit" class="secondary">Filter</button>
</form>
</section>
<section class="card">
<h2>Active bans</h2>
<table class="admin-table">
<thead><tr><th>IP</th><th>Level</th><th>Duration</th><th>Failures</th><th>Banned at</th><th>Expires at</th><th></th></tr></thead>
<tbody>
${bans}
</tbody>
</table>
</section>
<section class="card">
<h2>Events</h2>
<table class="admin-table">
<thead><tr><th>Time</th><th>Type</th><th>Address</th><th>Group</th><th>Member</th><th>Key</th><th>Detail</th></tr></thead>
<tbody>
${events}
</tbody>
</table>
${data.nextCursor ? nextLink(data.filter, data.nextCursor) : ''}
</section>
</main>
</body>
</html>
`;
}
