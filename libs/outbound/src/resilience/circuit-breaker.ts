export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerOptions {
  /** Consecutive unhealthy outcomes that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before it lets one trial call through. */
  cooldownMs: number;
}

/**
 * A circuit breaker for one outside service. Closed: calls go through; `failureThreshold` unhealthy outcomes
 * in a row open it. Open: calls are refused without touching the network until `cooldownMs` has passed. Then
 * half-open: exactly one trial call goes through (the others are refused); its success closes the circuit, its
 * failure opens it for another cooldown. An answer that is not unhealthy (a rejected link, a refused token)
 * counts as a success: the service is up.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly options: BreakerOptions,
    private readonly now: () => number,
    private readonly onChange: (state: BreakerState) => void = () => undefined,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.options.cooldownMs ? 'half_open' : 'open';
  }

  /** Whether a call may go out now; a half-open circuit hands out its single trial. */
  tryAcquire(): boolean {
    switch (this.state) {
      case 'closed':
        return true;
      case 'open':
        return false;
      case 'half_open':
        if (this.trialInFlight) return false;
        this.trialInFlight = true;
        return true;
    }
  }

  /** The outcome of a call `tryAcquire` allowed. */
  record(healthy: boolean): void {
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (healthy) {
      this.failures = 0;
      if (this.openedAt !== null) {
        this.openedAt = null;
        this.onChange('closed');
      }
      return;
    }
    this.failures++;
    if (wasTrial || (this.openedAt === null && this.failures >= this.options.failureThreshold)) {
      this.openedAt = this.now();
      this.onChange('open');
    }
  }

  /** A call that was allowed but never got an outcome (the request's budget ran out first). */
  abandon(): void {
    this.trialInFlight = false;
  }
}
