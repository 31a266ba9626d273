import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '@app/common';
import { CustomDomainService } from './custom-domain.service';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/**
 * Re-checks every custom domain's TXT record about every CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS (0: never),
 * so a removed record is noticed and a late one verifies without the member asking. Runs in the api; the
 * periodic task is unref'd (never keeps a process or a test alive), never overlaps itself (a tick while a round
 * is still checking is skipped) and is stopped on shutdown, waiting for the round under way.
 */
@Injectable()
export class CustomDomainRechecker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CustomDomainRechecker.name);
  private readonly task: PeriodicTask | null;

  constructor(
    private readonly domains: CustomDomainService,
    @Inject(shortLinksConfig.KEY) private readonly config: ShortLinksConfig,
    scheduler: SchedulerRegistry,
  ) {
    const seconds = config.CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS;
    // Tick more often than the interval, so a domain is re-checked at most a tenth of it late.
    this.task =
      seconds === 0
        ? null
        : new PeriodicTask(scheduler, {
            name: 'custom-domain-recheck',
            everyMs: Math.max(1000, Math.floor((seconds * 1000) / 10)),
            run: () => this.round(),
            logger: this.logger,
          });
  }

  onApplicationBootstrap(): void {
    this.task?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task?.stop();
  }

  /** One round (the domains due for a check) that starts after the round under way, if any. */
  tick(): Promise<void> {
    return this.task ? this.task.runNow() : this.round();
  }

  private async round(): Promise<void> {
    try {
      await this.domains.recheckDue(this.config.CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS * 1000);
    } catch (error) {
      this.logger.warn(`Custom domain re-check failed: ${(error as Error).message}`);
    }
  }
}
