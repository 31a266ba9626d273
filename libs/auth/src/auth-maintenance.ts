import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicUntilModuleDestroy } from '@app/common';
import { AuthThrottle } from './auth-throttle';
import { PgSessionStore } from './pg-session-store';

const PRUNE_INTERVAL_MS = 10 * 60_000;

/** Deletes expired sessions and attempts older than every throttling window, every ten minutes. */
@Injectable()
export class AuthMaintenance extends PeriodicUntilModuleDestroy {
  constructor(
    private readonly sessions: PgSessionStore,
    private readonly throttle: AuthThrottle,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'sessions-prune', PRUNE_INTERVAL_MS);
  }

  protected runPeriodically(): Promise<void> {
    return this.run();
  }

  async run(): Promise<void> {
    try {
      await this.sessions.prune();
      await this.throttle.prune();
    } catch (error) {
      this.logger.warn(`Could not prune sessions and login attempts: ${(error as Error).message}`);
    }
  }
}
