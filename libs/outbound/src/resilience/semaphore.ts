/** Why `Semaphore.acquire` refused at once: as many callers as the semaphore lets wait are already waiting. */
export class SemaphoreFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} callers are already waiting`);
    this.name = 'SemaphoreFullError';
  }
}

/**
 * At most `limit` holders at a time, and at most `maxWaiting` callers waiting for a slot (more are refused at once
 * with `SemaphoreFullError`); a waiter gives up when its signal aborts.
 *
 * Hand-written on purpose: cockatiel's bulkhead keeps a waiter whose signal aborted in its queue until its turn,
 * and then hands the freed slot to no one (the waiters behind it wait for another call to finish), so a request
 * past its budget would hold on and others could stall; here an aborted waiter leaves the queue at once.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  get inUse(): number {
    return this.active;
  }

  /** Callers waiting for a slot now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Resolves with the release function; rejects with the signal's reason when it aborts first, and with
   * `SemaphoreFullError` when no slot is free and `maxWaiting` callers already wait.
   */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.maxWaiting) return Promise.reject(new SemaphoreFullError(this.waiters.length));
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.active++;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(grant);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal.reason);
      };
      this.waiters.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiters.shift()?.();
    };
  }
}
