import { Inject, Injectable } from '@nestjs/common';
import { AppException } from '@app/common';
import { Semaphore, SemaphoreFullError } from '@app/outbound';
import { conversionConfig, ConversionConfig, isLargeText } from './conversion.config';

/**
 * Turns for large conversions: at most CONVERT_LARGE_CONCURRENCY of them are converted and serialised at a time,
 * in arrival order, and at most CONVERT_LARGE_QUEUE wait. The slices of `CpuLane` keep one large conversion from
 * holding the event loop; this gate bounds what large conversions hold in memory at once (every one in progress
 * is thousands of objects alive until its answer is serialised), whatever the number of callers. The heavy caller
 * gets about as many links a second (the CPU is the same one). Measured with `npm run bench -- fairness`: it does not
 * change the other callers' p99, which follows the garbage collector's pauses, set by the heavy work's
 * allocation rate rather than by the number of large conversions in progress.
 */
@Injectable()
export class LargeConversionGate {
  private readonly slots: Semaphore;

  constructor(@Inject(conversionConfig.KEY) private readonly config: ConversionConfig) {
    this.slots = new Semaphore(config.CONVERT_LARGE_CONCURRENCY, config.CONVERT_LARGE_QUEUE);
  }

  /** Whether a text is large: converted in slices, and through this gate. */
  isLarge(content: string): boolean {
    return isLargeText(content, this.config);
  }

  /**
   * Waits for a turn; resolves with the release function. Rejects with 503 `unavailable` when the queue is full,
   * and with the signal's reason when the caller goes away first (it leaves the queue at once).
   */
  async turn(signal: AbortSignal): Promise<() => void> {
    try {
      return await this.slots.acquire(signal);
    } catch (error) {
      if (!(error instanceof SemaphoreFullError)) throw error;
      throw new AppException(
        'unavailable',
        `Too many large conversions are waiting (${error.waiting}); retry in a few seconds or send smaller texts`,
        { retryAfterSeconds: 5 },
      );
    }
  }

  /** Large conversions in progress and waiting (tests, metrics). */
  get load(): { inUse: number; waiting: number } {
    return { inUse: this.slots.inUse, waiting: this.slots.waiting };
  }
}
