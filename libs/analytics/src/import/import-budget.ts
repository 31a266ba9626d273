import { AppException } from '@app/common';

/**
 * The process's share of import work: at most `concurrency` imports read and write at once (each parses its file
 * on the event loop: more would take the CPU from every other request), a member's imports one after the other in
 * the order they arrived, and at most `maxQueued` waiting (beyond, 503 with `Retry-After`).
 */
export class ImportBudget {
  private running = 0;
  private queued = 0;
  private readonly slots: Array<() => void> = [];
  /** The end of each member's last import (queued or running). */
  private readonly members = new Map<string, Promise<void>>();

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(memberId: string, work: () => Promise<T>): Promise<T> {
    const before = this.members.get(memberId);
    const mustWait = before !== undefined || this.running >= this.concurrency;
    if (mustWait && this.queued >= this.maxQueued) {
      throw new AppException('unavailable', 'Too many report imports are waiting: try again in a minute', {
        retryAfterSeconds: 30,
      });
    }
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = (before ?? Promise.resolve()).then(() => mine);
    this.members.set(memberId, tail);
    try {
      if (mustWait) {
        this.queued += 1;
        try {
          await before;
          await this.slot();
        } finally {
          this.queued -= 1;
        }
      } else {
        this.running += 1;
      }
      try {
        return await work();
      } finally {
        this.release();
      }
    } finally {
      done();
      if (this.members.get(memberId) === tail) this.members.delete(memberId);
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return;
    }
    // The slot is handed over by release(): `running` stays counted.
    await new Promise<void>((resolve) => this.slots.push(resolve));
  }

  private release(): void {
    const next = this.slots.shift();
    if (next) next();
    else this.running -= 1;
  }
}
