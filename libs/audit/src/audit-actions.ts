/**
 * The actions the audit log records, with what the pages say of each: the one list the listeners, the pages, the
 * OpenAPI document and docs/security.md derive from.
 */
export const AUDIT_ACTIONS = {
  'account.created': 'Signed up',
  'login.new_address': 'Logged in from a new address',
  'password.changed': 'Password changed',
  'credentials.regenerated': 'API key and token regenerated',
  'key.created': 'Key per integration made',
  'key.revoked': 'Key per integration revoked',
  'settings.saved': 'Settings saved',
  'secrets.saved': 'Service secrets saved',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.deleted': 'Webhook endpoint removed',
  'webhook.disabled': 'Webhook endpoint turned off after failing',
  'member.changed': 'Account changed by an admin',
  'member.disabled': 'Account disabled',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
