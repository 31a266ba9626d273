import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from '@app/common';
import { AuthThrottle } from './auth-throttle';
import { PgSessionStore } from './pg-session-store';

const PRUNE_INTERVAL_MS = 10 * 60_000;

/** Deletes expired sessions and attempts older than every throttling window, every ten minutes. */
@Injectable()
export class AuthMaintenance implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuthMaintenance.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly sessions: PgSessionStore,
    private readonly throttle: AuthThrottle,
    scheduler: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(scheduler, {
      name: 'sessions-prune',
      everyMs: PRUNE_INTERVAL_MS,
      run: () => this.run(),
      logger: this.logger,
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
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
