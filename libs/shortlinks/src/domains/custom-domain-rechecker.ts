import { Injectable, Logger, OnModuleDestroy, OnModuleInit, Inject } from '@nestjs/common';
import { CustomDomainService } from './custom-domain.service';
import { shortLinksConfig, ShortLinksConfig } from '../shortlinks.config';

/**
 * Re-checks every custom domain's TXT record about every CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS (0: never),
 * so a removed record is noticed and a late one verifies without the member asking. Runs in the api; the timer
 * is unref'd (never keeps a process or a test alive) and stopped on shutdown.
 */
@Injectable()
export class CustomDomainRechecker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CustomDomainRechecker.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly domains: CustomDomainService,
    @Inject(shortLinksConfig.KEY) private readonly config: ShortLinksConfig,
  ) {}

  onModuleInit(): void {
    const seconds = this.config.CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS;
    if (seconds === 0) return;
    // Tick more often than the interval, so a domain is re-checked at most a tenth of it late.
    const tickMs = Math.max(1000, Math.floor((seconds * 1000) / 10));
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: the domains due for a check. */
  tick(): Promise<unknown> {
    this.running = this.running
      .then(() => this.domains.recheckDue(this.config.CUSTOM_DOMAIN_RECHECK_INTERVAL_SECONDS * 1000))
      .catch((error: Error) => this.logger.warn(`Custom domain re-check failed: ${error.message}`));
    return this.running;
  }
}
