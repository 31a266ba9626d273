import {
  BeforeApplicationShutdown,
  Global,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { PeriodicTask } from './periodic-task';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('PeriodicTask', () => {
  const logger = { warn: jest.fn() };

  beforeEach(() => {
    jest.useFakeTimers();
    logger.warn.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('registers its interval in the SchedulerRegistry by name, ticks every period, and stops', async () => {
    const registry = new SchedulerRegistry();
    const run = jest.fn();
    const task = new PeriodicTask(registry, { name: 'flush', everyMs: 1000, run, logger });
    expect(registry.getIntervals()).toEqual([]);
    task.start();
    task.start();
    expect(registry.getIntervals()).toEqual(['flush']);
    expect(task.running).toBe(true);
    await jest.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    await task.stop();
    expect(registry.getIntervals()).toEqual([]);
    expect(task.running).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while the previous run is under way', async () => {
    const registry = new SchedulerRegistry();
    let current = deferred();
    const run = jest.fn(() => current.promise);
    const task = new PeriodicTask(registry, { name: 'slow', everyMs: 1000, run, logger });
    task.start();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    // Three more ticks while the first run is still writing: none starts another run.
    await jest.advanceTimersByTimeAsync(3000);
    void task.tick();
    expect(run).toHaveBeenCalledTimes(1);
    current.resolve();
    current = deferred();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    current.resolve();
    await task.stop();
  });

  it('runNow waits for the run under way, then runs once more', async () => {
    const registry = new SchedulerRegistry();
    const first = deferred();
    const run = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const task = new PeriodicTask(registry, { name: 'now', everyMs: 1000, run, logger });
    void task.tick();
    const now = task.runNow();
    await jest.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    first.resolve();
    await now;
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run (rejected or thrown) and runs again on the next tick', async () => {
    const registry = new SchedulerRegistry();
    const run = jest
      .fn<Promise<void> | void, []>()
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockImplementationOnce(() => {
        throw new Error('thrown at once');
      })
      .mockResolvedValue(undefined);
    const task = new PeriodicTask(registry, { name: 'flaky', everyMs: 1000, run, logger });
    await expect(task.tick()).resolves.toBeUndefined();
    await expect(task.tick()).resolves.toBeUndefined();
    expect(logger.warn.mock.calls).toEqual([
      ['Periodic task flaky failed: connection refused'],
      ['Periodic task flaky failed: thrown at once'],
    ]);
    task.start();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(3);
    await task.stop();
  });

  it('stop waits for the run under way, so a final write after it never overlaps a tick', async () => {
    const registry = new SchedulerRegistry();
    const writing = deferred();
    const order: string[] = [];
    const task = new PeriodicTask(registry, {
      name: 'flush',
      everyMs: 1000,
      run: async () => {
        order.push('tick started');
        await writing.promise;
        order.push('tick done');
      },
      logger,
    });
    task.start();
    await jest.advanceTimersByTimeAsync(1000);
    const stopped = task.stop().then(() => order.push('stopped'));
    await jest.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['tick started']);
    writing.resolve();
    await stopped;
    expect(order).toEqual(['tick started', 'tick done', 'stopped']);
  });
});

describe('PeriodicTask in a Nest app', () => {
  const order: string[] = [];

  /** Stands for the database module: global, it closes its connection in onApplicationShutdown. */
  @Injectable()
  class Database implements OnApplicationShutdown {
    onApplicationShutdown(): void {
      order.push('database closed');
    }
  }
  @Global()
  @Module({ providers: [Database], exports: [Database] })
  class DatabaseModule {}

  @Injectable()
  class Flusher implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
    readonly task: PeriodicTask;
    constructor(registry: SchedulerRegistry) {
      this.task = new PeriodicTask(registry, {
        name: 'test-flush',
        everyMs: 60_000,
        run: () => order.push('tick'),
        logger: { warn: () => undefined },
      });
    }
    onApplicationBootstrap(): void {
      this.task.start();
    }
    async beforeApplicationShutdown(): Promise<void> {
      await this.task.stop();
      order.push('final flush');
    }
    onApplicationShutdown(): void {
      order.push('late flush');
    }
  }
  @Module({ providers: [Flusher] })
  class FeatureModule {}

  it('starts on bootstrap; at close the final writes come before the global database module closes', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ScheduleModule.forRoot(), DatabaseModule, FeatureModule],
    }).compile();
    const app = moduleRef.createNestApplication();
    const registry = app.get(SchedulerRegistry);
    expect(registry.getIntervals()).toEqual([]);
    await app.init();
    expect(registry.getIntervals()).toEqual(['test-flush']);
    await app.close();
    expect(registry.getIntervals()).toEqual([]);
    expect(order).toEqual(['final flush', 'late flush', 'database closed']);
  });
});
