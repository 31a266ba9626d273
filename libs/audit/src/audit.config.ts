import { configNamespace, int, settingsTable } from '@app/common';

/** Settings of the audit log. */
export class AuditConfig extends settingsTable({
  /**
   * Days an audit entry is kept (older ones are deleted with the hourly prune). Also how long a login's network is
   * remembered: a login from a network not seen within these days is recorded as a login from a new address.
   */
  AUDIT_LOG_RETENTION_DAYS: int(180, 1, 3650),
}) {}

export const auditConfig = configNamespace('audit', AuditConfig);
