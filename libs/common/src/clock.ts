import { Injectable } from '@nestjs/common';

/** The time edge: inject it so tests can move time instead of waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
