import { Inject, Injectable } from '@nestjs/common';
import { AppException, Semaphore, SemaphoreFullError } from '@app/common';
import { conversionConfig, ConversionConfig, isLargeText } from './conversion.config';

/**
 * Turns for large conversions: at most CONVERT_LARGE_CONCURRENCY of them are converted and serialised at a time,
 * in arrival order, and at most CONVERT_LARGE_QUEUE wait. The slices of `CpuLane` keep one large conversion from
 * holding the event loop; this gate keeps twenty of them from holding the heap: every large answer in progress
 * is thousands of objects alive at once, and the garbage collector's pauses, which stop every request, grow with
 * them. Few at a time, each finishes sooner, and the heavy caller gets as many links a second (the CPU is the
 * same one), the other callers far shorter pauses (`npm run bench -- fairness`).
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
