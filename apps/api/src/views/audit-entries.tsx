import { AUDIT_ACTIONS, type AuditEntryView } from '@app/audit';
import type { ComponentChildren, JSX } from 'preact';
import { LocalTime } from './components';
import { type Column, DataTable } from './table';

/** What the member's and the admin's audit pages say of an entry. */
function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** Who did it, as the member reads it of their own account. */
export function actorLabel(entry: AuditEntryView): string {
  return entry.actor === 'admin' ? 'an admin' : entry.actor === 'system' ? 'the service' : 'you';
}

/** The entry's target and details as one line of text (names and ids only: that is all an entry holds). */
function detailsText(entry: AuditEntryView): string {
  const parts: string[] = [];
  const details = entry.details;
  if (typeof details.name === 'string') parts.push(`“${details.name}”`);
  if (typeof details.key_preview === 'string') parts.push(details.key_preview);
  else if (entry.target && entry.action === 'credentials.regenerated') parts.push(`new key ${entry.target}`);
  if (Array.isArray(details.scopes)) parts.push(`scopes: ${details.scopes.join(', ') || 'none'}`);
  if (typeof details.url === 'string') parts.push(details.url);
  if (Array.isArray(details.fields) && details.fields.length > 0) parts.push(details.fields.join(', '));
  if (typeof details.reason === 'string') parts.push(details.reason);
  if (typeof details.grace_seconds === 'number' && details.grace_seconds > 0) {
    parts.push(`old pair kept ${details.grace_seconds} s`);
  }
  return parts.join(' · ') || '—';
}

/**
 * An audit log, newest first (the member's security log, the admin's log of every member): what, the details, by
 * whom (`by`), from where, when; `member` (the admin's) adds whose account it was after what.
 */
export function AuditTable({
  caption,
  id,
  entries,
  by,
  member,
  empty,
}: {
  caption: string;
  id: string;
  entries: AuditEntryView[];
  by: (entry: AuditEntryView) => ComponentChildren;
  member?: Column<AuditEntryView>;
  empty: JSX.Element;
}) {
  const columns: Column<AuditEntryView>[] = [
    { label: 'What', primary: true, cell: (entry) => actionLabel(entry.action) },
    ...(member ? [member] : []),
    { label: 'Details', cell: detailsText },
    { label: 'By', cell: by },
    { label: 'From', cell: (entry) => [entry.ip ?? '—', entry.user_agent ? ` · ${entry.user_agent}` : ''] },
    { label: 'When', cell: (entry) => <LocalTime value={entry.created_at} /> },
  ];
  return <DataTable caption={caption} id={id} rows={entries} columns={columns} empty={empty} />;
}
