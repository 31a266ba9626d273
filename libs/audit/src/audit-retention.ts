import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '@app/common';
import { AuditLog } from './audit-log.service';

/** Deletes audit entries (and remembered login networks) past `AUDIT_LOG_RETENTION_DAYS`, every hour. */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditRetention.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly log: AuditLog,
    scheduler: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(scheduler, {
      name: 'audit-log-prune',
      everyMs: 3_600_000,
      run: async () => {
        await this.log.prune();
      },
      logger: this.logger,
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
