import { Semaphore, SemaphoreFullError } from './semaphore';

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

  it('refuses at once, past the waiting callers it allows, and takes callers again once a place frees', async () => {
    const semaphore = new Semaphore(1, 1);
    const signal = new AbortController().signal;
    const first = await semaphore.acquire(signal);
    const second = semaphore.acquire(signal);
    expect(semaphore.waiting).toBe(1);
    await expect(semaphore.acquire(signal)).rejects.toBeInstanceOf(SemaphoreFullError);
    first();
    const release = await second;
    expect(semaphore.waiting).toBe(0);
    const third = semaphore.acquire(signal);
    expect(semaphore.waiting).toBe(1);
    release();
    await expect(third).resolves.toEqual(expect.any(Function));
  });
});
