import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '@app/common';
import { AuditContext, AuditContextInterceptor } from './audit-context';
import { AuditEntry } from './audit-entry.entity';
import { AuditListeners } from './audit-listeners';
import { AuditLog } from './audit-log.service';
import { AuditRetention } from './audit-retention';

/**
 * The audit log of account actions: hears the domain events of auth, members, credentials and webhooks (those libs
 * do not know it), keeps the entries within `AUDIT_LOG_RETENTION_DAYS`, and reads them for the member and admins.
 * Global, so every controller marked `@Audited()` finds the one `AuditContext` its interceptor enters.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry]), ClockModule],
  providers: [AuditLog, AuditContext, AuditContextInterceptor, AuditListeners, AuditRetention],
  exports: [AuditLog, AuditContext, AuditContextInterceptor],
})
export class AuditModule {}
