import type { Logger } from '@nestjs/common';

/** How often a recurring problem (an outage: every call fails the same way) is logged at most. */
export const RARE_WARNING_EVERY_MS = 60_000;

/**
 * A warning logged at most once per RARE_WARNING_EVERY_MS, so an outage gives one line a minute, not one per failed
 * call. `reset()` (the service is back) lets the next problem be logged at once. Read on the wall clock: it paces
 * the log, it is not domain time.
 */
export class RareWarning {
  private lastAt = 0;

  constructor(private readonly logger: Pick<Logger, 'warn'>) {}

  warn(message: string): void {
    const now = Date.now();
    if (now - this.lastAt < RARE_WARNING_EVERY_MS) return;
    this.lastAt = now;
    this.logger.warn(message);
  }

  reset(): void {
    this.lastAt = 0;
  }
}
