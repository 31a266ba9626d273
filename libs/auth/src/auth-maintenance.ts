import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AuthThrottle } from './auth-throttle';
import { PgSessionStore } from './pg-session-store';

const PRUNE_INTERVAL_MS = 10 * 60_000;

/** Deletes expired sessions and attempts older than every throttling window, every ten minutes. */
@Injectable()
export class AuthMaintenance implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuthMaintenance.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: PgSessionStore,
    private readonly throttle: AuthThrottle,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.run(), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
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
