import { Injectable, Module } from '@nestjs/common';

/** The time edge: inject it so tests can move time instead of waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * The one provider of `Clock`: every module whose providers read the time imports this module (no module lists
 * `Clock` itself), so a process has a single clock and a test's `overrideProvider(Clock)` moves all of it.
 */
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
