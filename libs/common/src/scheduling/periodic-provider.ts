import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from './periodic-task';

/**
 * A provider whose work runs periodically (`runPeriodically`, a `PeriodicTask`): started at the application's
 * bootstrap unless `runsPeriodically()` says no, stopped by the hook of the subclass it extends, which sets when
 * in the shutdown its last run is awaited (a provider that writes what is left overrides that hook, after
 * `super`). Its `logger` is named after the provider.
 */
abstract class PeriodicProvider implements OnApplicationBootstrap {
  protected readonly logger = new Logger(this.constructor.name);
  protected readonly task: PeriodicTask;

  protected constructor(scheduler: SchedulerRegistry, name: string, everyMs: number) {
    this.task = new PeriodicTask(scheduler, { name, everyMs, run: () => this.runPeriodically(), logger: this.logger });
  }

  /** One run of the work. */
  protected abstract runPeriodically(): unknown;

  /** Whether the work runs at all (a setting may turn it off). */
  protected runsPeriodically(): boolean {
    return true;
  }

  onApplicationBootstrap(): void {
    if (this.runsPeriodically()) this.task.start();
  }
}

/** Stops in `onModuleDestroy`: before any application shutdown hook (the database closes in one). */
export abstract class PeriodicUntilModuleDestroy extends PeriodicProvider implements OnModuleDestroy {
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }
}

/** Stops in `onApplicationShutdown`: once the HTTP server has closed, module by module. */
export abstract class PeriodicUntilShutdown extends PeriodicProvider implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
