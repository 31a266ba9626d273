import { backoffMs, sleep } from './backoff';
import { CircuitBreaker } from './circuit-breaker';
import { Semaphore } from './semaphore';

describe('CircuitBreaker', () => {
  let now = 0;
  const changes: string[] = [];
  const breaker = () =>
    new CircuitBreaker(
      { failureThreshold: 3, cooldownMs: 1000 },
      () => now,
      (s) => changes.push(s),
    );

  beforeEach(() => {
    now = 0;
    changes.length = 0;
  });

  it('opens after the threshold of consecutive unhealthy outcomes, not before, and a healthy one resets the count', () => {
    const b = breaker();
    b.record(false);
    b.record(false);
    b.record(true);
    b.record(false);
    b.record(false);
    expect(b.state).toBe('closed');
    b.record(false);
    expect(b.state).toBe('open');
    expect(b.tryAcquire()).toBe(false);
    expect(changes).toEqual(['open']);
  });

  it('lets exactly one trial through once the cooldown is over; its success closes the circuit', () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) b.record(false);
    now = 999;
    expect(b.tryAcquire()).toBe(false);
    now = 1000;
    expect(b.state).toBe('half_open');
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false);
    b.record(true);
    expect(b.state).toBe('closed');
    expect(b.tryAcquire()).toBe(true);
    expect(changes).toEqual(['open', 'closed']);
  });

  it('opens again for a whole cooldown when the trial fails; an abandoned trial frees the slot', () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) b.record(false);
    now = 1500;
    expect(b.tryAcquire()).toBe(true);
    b.abandon();
    expect(b.tryAcquire()).toBe(true);
    b.record(false);
    expect(b.state).toBe('open');
    now = 2499;
    expect(b.state).toBe('open');
    now = 2500;
    expect(b.state).toBe('half_open');
  });
});

describe('backoffMs', () => {
  it('waits between 0 and base * 2^attempt, capped at 5 s', () => {
    expect(backoffMs(0, 200, () => 0.999)).toBe(199);
    expect(backoffMs(2, 200, () => 0.5)).toBe(400);
    expect(backoffMs(10, 200, () => 0.999)).toBe(4995);
    expect(backoffMs(3, 200, () => 0)).toBe(0);
  });

  it('sleep gives up when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('budget'));
    await expect(pending).rejects.toThrow('budget');
  });
});

describe('Semaphore', () => {
  it('never lets more than the limit in, hands slots over in order, and drops waiters whose signal aborts', async () => {
    const semaphore = new Semaphore(2);
    const signal = new AbortController().signal;
    const a = await semaphore.acquire(signal);
    await semaphore.acquire(signal);
    expect(semaphore.inUse).toBe(2);
    const gone = new AbortController();
    const abandoned = semaphore.acquire(gone.signal);
    let third = false;
    const waiting = semaphore.acquire(signal).then((release) => {
      third = true;
      return release;
    });
    gone.abort(new Error('late'));
    await expect(abandoned).rejects.toThrow('late');
    expect(third).toBe(false);
    a();
    a();
    await waiting;
    expect(third).toBe(true);
    expect(semaphore.inUse).toBe(2);
  });
});
