import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Clock } from '@app/common';
import { Semaphore } from './semaphore';
import { Metrics } from '@app/metrics';
import {
  BrokenCircuitError,
  CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TimeoutPolicy,
  TimeoutStrategy,
  circuitBreaker,
  fullJitterGenerator,
  handleWhenResult,
  timeout,
  type IBackoff,
  type IBackoffFactory,
} from 'cockatiel';
import { setTimeout as sleep } from 'node:timers/promises';
import { outboundFailure, type OutboundFailure } from '../outbound-failure';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';
import { OUTBOUND_PROVIDERS, PROVIDER_LABELS, type OutboundProvider } from '../providers';

export type Attempt<T> = { ok: true; value: T } | { ok: false; failure: OutboundFailure };

export type BreakerState = 'closed' | 'open' | 'half_open';

/** The longest wait between two attempts, whatever the attempt number. */
const MAX_BACKOFF_MS = 5000;

/** Thrown inside the breaker when the budget, not the service, ended a failing attempt: no verdict either way. */
class BudgetSpent extends Error {}

/**
 * The breaker's cooldown, timed on the injected `Clock`. cockatiel times it with `Date.now()` (tests move the
 * Clock instead): it asks for `duration` when a call comes to an open circuit and lets a trial through once
 * `Date.now() - openedAt >= duration`, so this answers 0 once the cooldown is over on the Clock, never before.
 */
class ClockCooldown implements IBackoffFactory<unknown>, IBackoff<unknown> {
  private openedAt = 0;

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number,
  ) {}

  get over(): boolean {
    return this.now() - this.openedAt >= this.cooldownMs;
  }

  get duration(): number {
    return this.over ? 0 : Number.POSITIVE_INFINITY;
  }

  /** Called by the breaker each time it opens: a whole new cooldown starts now. */
  next(): IBackoff<unknown> {
    this.openedAt = this.now();
    return this;
  }
}

interface Gate {
  breaker: CircuitBreakerPolicy;
  cooldown: ClockCooldown;
  slots: Semaphore;
}

/**
 * Every call to an outside service goes through its gate: the provider's circuit breaker (cockatiel, consecutive
 * unhealthy outcomes), a bound on the calls in flight (`OutboundOptions.concurrency`), a time-out per attempt
 * (cockatiel, cooperative: the attempt's signal aborts), and retries with full-jitter exponential backoff
 * (cockatiel's generator) for retryable failures only, all within the caller's budget signal (a retry that cannot
 * start before the budget ends is not made).
 */
@Injectable()
export class ProviderGates {
  private readonly logger = new Logger('OutboundServices');
  private readonly gates = new Map<OutboundProvider, Gate>();
  private readonly attemptTimeout: TimeoutPolicy;
  private readonly backoff: ExponentialBackoff<number>;

  constructor(
    @Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions,
    private readonly clock: Clock,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.attemptTimeout = timeout(options.attemptTimeoutMs, TimeoutStrategy.Cooperative);
    this.backoff = retryBackoff(options.retryBaseMs);
    // Unhealthy answers count against the service; any other answer (a rejected link, a refused token) is a
    // success: the service is up.
    const unhealthy = handleWhenResult(isUnhealthy);
    metrics?.watchCircuits(() => OUTBOUND_PROVIDERS.map((p) => [p, this.breakerState(p) === 'open']));
    for (const provider of OUTBOUND_PROVIDERS) {
      const cooldown = new ClockCooldown(options.breakerCooldownMs, () => this.clock.now().getTime());
      const breaker = circuitBreaker(unhealthy, {
        halfOpenAfter: cooldown,
        breaker: new ConsecutiveBreaker(options.breakerFailureThreshold),
      });
      breaker.onBreak(() => this.logBreaker(provider, 'open'));
      breaker.onReset(() => this.logBreaker(provider, 'closed'));
      this.gates.set(provider, { breaker, cooldown, slots: new Semaphore(options.concurrency[provider]) });
    }
  }

  /**
   * Closed: calls go through. Open: refused without a call until the cooldown is over. Half-open: the cooldown is
   * over (the next call is the single trial) or the trial is in flight (other calls are refused meanwhile).
   */
  breakerState(provider: OutboundProvider): BreakerState {
    const { breaker, cooldown } = this.gates.get(provider)!;
    if (breaker.state === CircuitState.Closed) return 'closed';
    // cockatiel turns Open into HalfOpen only when the next call comes; the state is told as of now.
    return breaker.state === CircuitState.HalfOpen || cooldown.over ? 'half_open' : 'open';
  }

  /** Whether calls to `provider` are held back by its circuit (open, or half-open: one trial at most). */
  isOpen(provider: OutboundProvider): boolean {
    return this.breakerState(provider) !== 'closed';
  }

  /** Calls in flight to `provider` on this instance. */
  inFlight(provider: OutboundProvider): number {
    return this.gates.get(provider)!.slots.inUse;
  }

  /** Runs `call` (one attempt; it must honour the signal it gets) under the provider's gate. */
  async run<T>(
    provider: OutboundProvider,
    budget: AbortSignal,
    call: (signal: AbortSignal) => Promise<Attempt<T>>,
    /** Checked once a slot is free, before any call: a failure here ends the run without calling. */
    precheck: () => OutboundFailure | null = () => null,
    /** Retries of a retryable failure (default OUTBOUND_MAX_RETRIES). */
    maxRetries: number = this.options.maxRetries,
    /** One attempt's time-out (default OUTBOUND_TIMEOUT_MS), for a call whose answer is larger than a link's. */
    attemptTimeoutMs?: number,
  ): Promise<Attempt<T>> {
    const attemptTimeout =
      attemptTimeoutMs === undefined ? this.attemptTimeout : timeout(attemptTimeoutMs, TimeoutStrategy.Cooperative);
    const { breaker, slots } = this.gates.get(provider)!;
    const label = PROVIDER_LABELS[provider];
    if (this.breakerState(provider) === 'open') return refused(circuitOpen(label));
    let release: () => void;
    try {
      release = await slots.acquire(budget);
    } catch {
      return refused(outOfTime(label));
    }
    try {
      // A retry that cannot be made (budget spent, circuit opened meanwhile) answers the last real failure.
      let last: Attempt<T> | null = null;
      let backoff: IBackoffFactory<unknown> = this.backoff;
      for (let attempt = 0; ; attempt++) {
        if (budget.aborted) return last ?? refused(outOfTime(label));
        const skipped = precheck();
        if (skipped) return last ?? refused(skipped);
        // cockatiel queues calls behind a half-open circuit's trial; here they are refused while it runs.
        if (breaker.state === CircuitState.HalfOpen) return last ?? refused(circuitOpen(label));
        let result: Attempt<T>;
        try {
          result = await breaker.execute(
            ({ signal }) =>
              attemptTimeout.execute(async ({ signal: attemptSignal }) => {
                const answer = await call(attemptSignal);
                if (budget.aborted && !answer.ok) throw new BudgetSpent();
                return answer;
              }, signal),
            budget,
          );
        } catch (error) {
          if (error instanceof BrokenCircuitError) return last ?? refused(circuitOpen(label));
          // The budget, not the service, ended this attempt: no verdict on the service's health.
          if (error instanceof BudgetSpent) return refused(outOfTime(label));
          throw error;
        }
        this.metrics?.upstreamRequests.inc({ service: provider, outcome: result.ok ? 'ok' : result.failure.code });
        if (result.ok || !result.failure.retryable || attempt >= maxRetries) return result;
        last = result;
        this.logger.debug(`${label}: attempt ${attempt + 1} failed (${result.failure.code}), retrying`);
        const wait = backoff.next(undefined);
        backoff = wait;
        try {
          // cockatiel's retry policy waits out its delay whatever the signal; this wait ends with the budget.
          await sleep(wait.duration, undefined, { signal: budget });
        } catch {
          return result;
        }
      }
    } finally {
      release();
    }
  }

  private logBreaker(provider: OutboundProvider, state: 'open' | 'closed'): void {
    if (state === 'open') {
      this.logger.warn(
        `Circuit for ${PROVIDER_LABELS[provider]} opened: calls refused for ${this.options.breakerCooldownMs} ms`,
      );
    } else {
      this.logger.log(`Circuit for ${PROVIDER_LABELS[provider]} closed: calls go through again`);
    }
  }
}

/**
 * "Full jitter" exponential backoff: a random wait between 0 and base * 2^attempt (capped), so callers that failed
 * together do not retry together. Its first `next()` is the wait before the first retry.
 */
export function retryBackoff(baseMs: number): ExponentialBackoff<number> {
  return new ExponentialBackoff({ generator: fullJitterGenerator, initialDelay: baseMs, maxDelay: MAX_BACKOFF_MS });
}

function isUnhealthy(result: unknown): boolean {
  const attempt = result as Attempt<unknown>;
  return !attempt.ok && attempt.failure.unhealthy;
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
