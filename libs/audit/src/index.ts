export { AuditModule } from './audit.module';
export { auditConfig, type AuditConfig } from './audit.config';
export { AuditEntry } from './audit-entry.entity';
export { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from './audit-actions';
export { Audited } from './audit-context';
export { AuditLog, type AuditEntryView } from './audit-log.service';
export { AUDIT_MIGRATIONS } from './migrations';
