export { AuditRetention } from '../audit-retention';
