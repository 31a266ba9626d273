import { AUDIT_ACTIONS, type AuditEntryView } from '@app/audit';

/** What the member's and the admin's audit pages say of an entry. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

export function actorLabel(actor: AuditEntryView['actor']): string {
  return actor === 'admin' ? 'an admin' : actor === 'system' ? 'the service' : 'you';
}

/** The entry's target and details as one line of text (names and ids only: that is all an entry holds). */
export function detailsText(entry: AuditEntryView): string {
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
