import type { LoggerService } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

export interface PeriodicTaskOptions {
  /** The interval's name in Nest's `SchedulerRegistry` (unique in the process: `usage-flush`, `ban-sync`...). */
  name: string;
  /** Milliseconds between two ticks. */
  everyMs: number;
  /** One run. A run that throws or rejects is logged, and the next tick runs again. */
  run: () => unknown;
  /** The owner's logger: a failed run is one warning there. */
  logger: Pick<LoggerService, 'warn'>;
}

/**
 * Periodic work of a provider, on `@nestjs/schedule`: the interval is registered in Nest's `SchedulerRegistry`
 * under its name (listed with the others, and cleared by `ScheduleModule` at shutdown if its owner did not stop
 * it). The owner starts it from `onApplicationBootstrap` and stops it in the shutdown hook that also writes what
 * is left, so the order of the final writes is Nest's own (module by module, before the database module closes
 * its connection). Ticks never overlap: a tick while the previous run is still under way is skipped. The timer
 * is unref'd, so it never keeps a process (the CLI, a test) alive by itself.
 *
 * This class holds the one `setInterval` of the periodic work: the periods come from the settings, which
 * `@Interval(ms)` (a constant at decoration time) cannot take.
 */
export class PeriodicTask {
  private inFlight: Promise<void> | null = null;
  private started = false;

  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly options: PeriodicTaskOptions,
  ) {}

  /** Whether the interval is registered (between `start` and `stop`). */
  get running(): boolean {
    return this.started;
  }

  /** Starts ticking every `everyMs`; a second call does nothing. */
  start(): void {
    if (this.started) return;
    const timer = setInterval(() => void this.tick(), this.options.everyMs);
    timer.unref();
    this.registry.addInterval(this.options.name, timer);
    this.started = true;
  }

  /**
   * One run now, unless one is under way: then no other is started and the one under way is what the returned
   * promise waits for. Never rejects.
   */
  tick(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const run = Promise.resolve()
      .then(() => this.options.run())
      .then(
        () => undefined,
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          this.options.logger.warn(`Periodic task ${this.options.name} failed: ${message}`);
        },
      );
    this.inFlight = run.finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /**
   * A run that starts after this call (a test, a caller that just changed what the run reads): waits for the run
   * under way, if any, then runs once more. Never rejects.
   */
  async runNow(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    await this.tick();
  }

  /** Stops the ticks and waits for a run under way; the owner then writes what is left. */
  async stop(): Promise<void> {
    if (this.started && this.registry.doesExist('interval', this.options.name)) {
      this.registry.deleteInterval(this.options.name);
    }
    this.started = false;
    await this.inFlight;
  }
}
