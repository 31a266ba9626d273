import type { MigrationInterface } from 'typeorm';
import { AuditLog1795470000000 } from './1795470000000-AuditLog';

/** The audit lib's migrations, oldest first. */
export const AUDIT_MIGRATIONS: Array<new () => MigrationInterface> = [AuditLog1795470000000];
