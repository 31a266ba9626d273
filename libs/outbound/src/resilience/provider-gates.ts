import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Clock } from '@app/common';
import { Metrics } from '@app/metrics';
import { outboundFailure, type OutboundFailure } from '../outbound-failure';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';
import { OUTBOUND_PROVIDERS, PROVIDER_LABELS, type OutboundProvider } from '../providers';
import { backoffMs, sleep } from './backoff';
import { BreakerState, CircuitBreaker } from './circuit-breaker';
import { Semaphore } from './semaphore';

export type Attempt<T> = { ok: true; value: T } | { ok: false; failure: OutboundFailure };

/** The random source of the backoff jitter: an edge tests can replace. */
export const JITTER_RANDOM = Symbol('JITTER_RANDOM');

/**
 * Every call to an outside service goes through its gate: the provider's circuit breaker, a bound on the calls
 * in flight (`OutboundOptions.concurrency`), a time-out per attempt, and retries with jittered backoff for
 * retryable failures only, all within the caller's budget signal (a retry that cannot start before the budget
 * ends is not made).
 */
@Injectable()
export class ProviderGates {
  private readonly logger = new Logger('OutboundServices');
  private readonly breakers = new Map<OutboundProvider, CircuitBreaker>();
  private readonly slots = new Map<OutboundProvider, Semaphore>();

  constructor(
    @Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions,
    private readonly clock: Clock,
    @Inject(JITTER_RANDOM) private readonly random: () => number,
    @Optional() private readonly metrics?: Metrics,
  ) {
    metrics?.watchCircuits(() => OUTBOUND_PROVIDERS.map((p) => [p, this.breakerState(p) === 'open']));
    for (const provider of OUTBOUND_PROVIDERS) {
      this.breakers.set(
        provider,
        new CircuitBreaker(
          { failureThreshold: options.breakerFailureThreshold, cooldownMs: options.breakerCooldownMs },
          () => this.clock.now().getTime(),
          (state) => this.logBreaker(provider, state),
        ),
      );
      this.slots.set(provider, new Semaphore(options.concurrency[provider]));
    }
  }

  breakerState(provider: OutboundProvider): BreakerState {
    return this.breakers.get(provider)!.state;
  }

  /** Calls in flight to `provider` on this instance. */
  inFlight(provider: OutboundProvider): number {
    return this.slots.get(provider)!.inUse;
  }

  /** Runs `call` (one attempt; it must honour the signal it gets) under the provider's gate. */
  async run<T>(
    provider: OutboundProvider,
    budget: AbortSignal,
    call: (signal: AbortSignal) => Promise<Attempt<T>>,
    /** Checked once a slot is free, before any call: a failure here ends the run without calling. */
    precheck: () => OutboundFailure | null = () => null,
  ): Promise<Attempt<T>> {
    const breaker = this.breakers.get(provider)!;
    const label = PROVIDER_LABELS[provider];
    if (breaker.state === 'open') return refused(circuitOpen(label));
    let release: () => void;
    try {
      release = await this.slots.get(provider)!.acquire(budget);
    } catch {
      return refused(outOfTime(label));
    }
    try {
      // A retry that cannot be made (budget spent, circuit opened meanwhile) answers the last real failure.
      let last: Attempt<T> | null = null;
      for (let attempt = 0; ; attempt++) {
        if (budget.aborted) return last ?? refused(outOfTime(label));
        const skipped = precheck();
        if (skipped) return last ?? refused(skipped);
        if (!breaker.tryAcquire()) return last ?? refused(circuitOpen(label));
        const signal = AbortSignal.any([budget, AbortSignal.timeout(this.options.attemptTimeoutMs)]);
        let result: Attempt<T>;
        try {
          result = await call(signal);
        } catch (error) {
          breaker.abandon();
          throw error;
        }
        if (budget.aborted && !result.ok) {
          // The budget, not the service, ended this attempt: no verdict on the service's health.
          breaker.abandon();
          return refused(outOfTime(label));
        }
        breaker.record(result.ok || !result.failure.unhealthy);
        this.metrics?.upstreamRequests.inc({ service: provider, outcome: result.ok ? 'ok' : result.failure.code });
        if (result.ok || !result.failure.retryable || attempt >= this.options.maxRetries) return result;
        last = result;
        this.logger.debug(`${label}: attempt ${attempt + 1} failed (${result.failure.code}), retrying`);
        try {
          await sleep(backoffMs(attempt, this.options.retryBaseMs, this.random), budget);
        } catch {
          return result;
        }
      }
    } finally {
      release();
    }
  }

  private logBreaker(provider: OutboundProvider, state: BreakerState): void {
    if (state === 'open') {
      this.logger.warn(
        `Circuit for ${PROVIDER_LABELS[provider]} opened: calls refused for ${this.options.breakerCooldownMs} ms`,
      );
    } else {
      this.logger.log(`Circuit for ${PROVIDER_LABELS[provider]} closed: calls go through again`);
    }
  }
}

function refused<T>(failure: OutboundFailure): Attempt<T> {
  return { ok: false, failure };
}

function circuitOpen(label: string): OutboundFailure {
  return outboundFailure.unavailable(`${capitalise(label)} is failing: calls to it are paused for a moment`, false);
}

function outOfTime(label: string): OutboundFailure {
  return outboundFailure.unavailable(
    `${capitalise(label)} did not answer within this request's time budget: send the link again`,
    false,
  );
}

/** 'the Shopee Affiliate Open API' → 'The Shopee...' at the start of a sentence; brand names stay as written. */
function capitalise(label: string): string {
  return label.startsWith('the ') ? `The ${label.slice(4)}` : label;
}
