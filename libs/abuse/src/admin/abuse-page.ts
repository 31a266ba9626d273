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
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f4f6}td.detail{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}label{display:flex;flex-direction:column;font-size:12px}
.muted{color:#666}`;

function cell(value: unknown, className?: string): string {
  return `<td${className ? ` class="${className}"` : ''}>${escapeHtml(value)}</td>`;
}

function input(name: keyof AbusePageFilter, label: string, value: string | undefined): string {
  return `<label>${escapeHtml(label)}<input name="${name}" value="${escapeHtml(value ?? '')}"></label>`;
}

function typeSelect(selected: string | undefined): string {
  const options = ['', ...ABUSE_EVENT_TYPES]
    .map(
      (type) =>
        `<option value="${escapeHtml(type)}"${type === (selected ?? '') ? ' selected' : ''}>${escapeHtml(type || 'any')}</option>`,
    )
    .join('');
  return `<label>type<select name="type">${options}</select></label>`;
}

function nextLink(filter: AbusePageFilter, cursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  params.set('cursor', cursor);
  return `<p><a href="/admin/abuse?${escapeHtml(params.toString())}">Older events</a></p>`;
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
            `${cell(ban.banned_at)}${cell(ban.expires_at)}</tr>`,
        )
        .join('\n')
    : '<tr><td colspan="6" class="muted">No active bans</td></tr>';
  const events = data.events.length
    ? data.events
        .map(
          (event) =>
            `<tr>${cell(event.created_at)}${cell(event.type)}${cell(event.ip)}${cell(event.member_id)}` +
            `${cell(event.key_preview)}${cell(event.detail, 'detail')}</tr>`,
        )
        .join('\n')
    : '<tr><td colspan="6" class="muted">No events</td></tr>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Abuse log · Link Conversion API</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Abuse log</h1>
<form method="get" action="/admin/abuse">
${input('ip', 'IP or IPv6 /64', data.filter.ip)}
${input('member_id', 'member id', data.filter.member_id)}
${typeSelect(data.filter.type)}
${input('from', 'from (ISO 8601)', data.filter.from)}
${input('to', 'to (ISO 8601)', data.filter.to)}
<button type="submit">Filter</button>
</form>
<h2>Active bans</h2>
<table>
<thead><tr><th>IP</th><th>level</th><th>duration</th><th>failures</th><th>banned at</th><th>expires at</th></tr></thead>
<tbody>
${bans}
</tbody>
</table>
<p class="muted">Lift a ban with <code>DELETE /admin/abuse/bans/{ip}</code> (an IPv6 /64 is written with <code>%2F64</code>).</p>
<h2>Events</h2>
<table>
<thead><tr><th>time</th><th>type</th><th>IP</th><th>member</th><th>key</th><th>detail</th></tr></thead>
<tbody>
${events}
</tbody>
</table>
${data.nextCursor ? nextLink(data.filter, data.nextCursor) : ''}
</body>
</html>
`;
}
