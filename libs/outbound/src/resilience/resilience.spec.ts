import { Logger } from '@nestjs/common';
import { Clock } from '@app/common';
import type { IBackoffFactory } from 'cockatiel';
import { outboundFailure } from '../outbound-failure';
import type { OutboundOptions } from '../outbound-options';
import { OUTBOUND_PROVIDERS, type OutboundProvider } from '../providers';
import { Attempt, ProviderGates, retryBackoff } from './provider-gates';

const serverError = outboundFailure.unavailable('is.gd answered with a server error (HTTP 503)');

class MovableClock extends Clock {
  ms = 0;
  override now(): Date {
    return new Date(this.ms);
  }
}

/** One gate (is.gd) with a breaker of threshold 3 and cooldown 1000 ms, one attempt per run (no retries). */
function singleAttemptGates(clock: Clock, overrides: Partial<OutboundOptions> = {}): ProviderGates {
  return new ProviderGates(
    {
      connectTimeoutMs: 100,
      attemptTimeoutMs: 60_000,
      requestBudgetMs: 60_000,
      maxRetries: 0,
      retryBaseMs: 1,
      concurrency: Object.fromEntries(OUTBOUND_PROVIDERS.map((p) => [p, 2])) as Record<OutboundProvider, number>,
      breakerFailureThreshold: 3,
      breakerCooldownMs: 1000,
      cacheTtlMs: 60_000,
      maxBodyBytes: 1024,
      urls: { tinyurl: '', tinyurlApi: '', isgd: '', vgd: '', bitly: '', cuttly: '', shopee: '', lazada: '' },
      tinyurlApiToken: null,
      ...overrides,
    },
    clock,
  );
}

describe('the circuit breaker of a provider gate (cockatiel)', () => {
  let clock: MovableClock;
  let gates: ProviderGates;
  let calls: number;
  const changes: string[] = [];
  const budget = () => new AbortController().signal;

  /** One run whose single attempt answers healthy (true) or unhealthy (false); whether a call was made. */
  async function record(healthy: boolean, signal = budget()): Promise<boolean> {
    const before = calls;
    await gates.run('isgd', signal, () => {
      calls++;
      return Promise.resolve<Attempt<string>>(healthy ? { ok: true, value: 'x' } : { ok: false, failure: serverError });
    });
    return calls > before;
  }

  beforeAll(() => {
    Logger.overrideLogger(false);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: string) => void changes.push(`${message}`));
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: string) => void changes.push(`${message}`));
  });
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    clock = new MovableClock();
    gates = singleAttemptGates(clock);
    calls = 0;
    changes.length = 0;
  });
  const transitions = () => changes.map((line) => (line.includes('opened') ? 'open' : 'closed'));

  it('opens after the threshold of consecutive unhealthy outcomes, not before, and a healthy one resets the count', async () => {
    await record(false);
    await record(false);
    await record(true);
    await record(false);
    await record(false);
    expect(gates.breakerState('isgd')).toBe('closed');
    await record(false);
    expect(gates.breakerState('isgd')).toBe('open');
    expect(gates.isOpen('isgd')).toBe(true);
    expect(await record(true)).toBe(false);
    expect(transitions()).toEqual(['open']);
  });

  it('lets exactly one trial through once the cooldown is over; its success closes the circuit', async () => {
    for (let i = 0; i < 3; i++) await record(false);
    clock.ms = 999;
    expect(await record(true)).toBe(false);
    clock.ms = 1000;
    expect(gates.breakerState('isgd')).toBe('half_open');
    let answer!: (attempt: Attempt<string>) => void;
    const trial = gates.run('isgd', budget(), () => {
      calls++;
      return new Promise<Attempt<string>>((resolve) => (answer = resolve));
    });
    await new Promise(setImmediate);
    expect(calls).toBe(4);
    expect(await record(true)).toBe(false);
    answer({ ok: true, value: 'x' });
    expect(await trial).toEqual({ ok: true, value: 'x' });
    expect(gates.breakerState('isgd')).toBe('closed');
    expect(gates.isOpen('isgd')).toBe(false);
    expect(await record(true)).toBe(true);
    expect(transitions()).toEqual(['open', 'closed']);
  });

  it('opens again for a whole cooldown when the trial fails; an abandoned trial frees the slot', async () => {
    for (let i = 0; i < 3; i++) await record(false);
    clock.ms = 1500;
    const spent = new AbortController();
    const abandoned = await gates.run('isgd', spent.signal, () => {
      calls++;
      spent.abort(new Error('budget'));
      return Promise.resolve<Attempt<string>>({ ok: false, failure: serverError });
    });
    expect(abandoned).toMatchObject({ ok: false, failure: { code: 'upstream_unavailable', retryable: false } });
    expect(calls).toBe(4);
    expect(await record(false)).toBe(true);
    expect(gates.breakerState('isgd')).toBe('open');
    clock.ms = 2499;
    expect(gates.breakerState('isgd')).toBe('open');
    clock.ms = 2500;
    expect(gates.breakerState('isgd')).toBe('half_open');
  });
});

describe('retryBackoff (cockatiel full jitter)', () => {
  afterEach(() => jest.restoreAllMocks());

  /** The wait before retry number `attempt + 1`, with `Math.random` answering `random`. */
  function backoffMs(attempt: number, baseMs: number, random: number): number {
    jest.spyOn(Math, 'random').mockReturnValue(random);
    const factory: IBackoffFactory<unknown> = retryBackoff(baseMs);
    let backoff = factory.next(undefined);
    for (let i = 0; i < attempt; i++) backoff = backoff.next(undefined);
    return backoff.duration;
  }

  it('waits between 0 and base * 2^attempt, capped at 5 s', () => {
    expect(backoffMs(0, 200, 0.999)).toBe(199);
    expect(backoffMs(2, 200, 0.5)).toBe(400);
    expect(backoffMs(10, 200, 0.999)).toBe(4995);
    expect(backoffMs(3, 200, 0)).toBe(0);
  });

  it('the wait before a retry gives up when the budget ends, answering the last failure', async () => {
    Logger.overrideLogger(false);
    jest.spyOn(Math, 'random').mockReturnValue(0.999);
    const gates = singleAttemptGates(new MovableClock(), { maxRetries: 2, retryBaseMs: 60_000 });
    const controller = new AbortController();
    let calls = 0;
    const result = await gates.run('isgd', controller.signal, () => {
      calls++;
      setImmediate(() => controller.abort(new Error('budget')));
      return Promise.resolve<Attempt<string>>({ ok: false, failure: serverError });
    });
    expect(result).toEqual({ ok: false, failure: serverError });
    expect(calls).toBe(1);
  });
});
