import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AuditModule } from '@app/audit';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { CredentialsModule } from '@app/credentials';
import { MembersModule } from '@app/members';
import { WebhooksModule } from '@app/webhooks';
import { AuditController } from './audit.controller';
import { AdminAuditPagesController, AuditPagesController } from './audit-pages.controller';

/**
 * The audit log's routes: `GET /api/audit` (key + token, `audit:read`), the member's security log page with the
 * webhook notice's "turn it back on", and the admins' audit page. The entries are the audit lib's.
 */
@Module({
  imports: [ClockModule, AuthModule, MembersModule, CredentialsModule, AbuseModule, AuditModule, WebhooksModule],
  controllers: [AuditController, AuditPagesController, AdminAuditPagesController],
})
export class AuditHttpModule {}
