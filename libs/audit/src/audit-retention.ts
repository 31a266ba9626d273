import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicUntilShutdown } from '@app/common';
import { AuditLog } from './audit-log.service';

/** Deletes audit entries (and remembered login networks) past `AUDIT_LOG_RETENTION_DAYS`, every hour. */
@Injectable()
export class AuditRetention extends PeriodicUntilShutdown {
  constructor(
    private readonly log: AuditLog,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'audit-log-prune', 3_600_000);
  }

  protected async runPeriodically(): Promise<void> {
    await this.log.prune();
  }
}
