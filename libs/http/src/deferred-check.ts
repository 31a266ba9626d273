/**
 * A check a guard put off so that it can travel with later work of the same request (the rate-limit count of a
 * convert call goes to Redis in the same script as the call's link budgets, once its links are counted: one round
 * trip instead of two). Whoever does that work takes the check (`takeDeferredCheck`) and runs it with what it
 * brings; anything that answers the request without having taken it settles it first (`settleDeferredCheck`: the
 * exception filter before an error answer, a route before work it must not do for a refused caller), so every
 * request the guard let through is checked exactly once, and a refusal (429, 403) still comes before any other
 * error, as when the guard checked at once.
 */
export type DeferredCheck<T = unknown, R = unknown> = (extra?: T) => Promise<R>;

const DEFERRED = Symbol('deferredCheck');

type Holder = { [DEFERRED]?: DeferredCheck<never, unknown> };

/** Puts off `check` on `req` (one per request). */
export function deferCheck<T, R>(req: object, check: DeferredCheck<T, R>): void {
  (req as Holder)[DEFERRED] = check as DeferredCheck<never, unknown>;
}

/** The check put off on `req`, now the caller's to run; undefined when there is none or it was taken. */
export function takeDeferredCheck<T, R = unknown>(req: object): DeferredCheck<T, R> | undefined {
  const check = (req as Holder)[DEFERRED];
  if (check) delete (req as Holder)[DEFERRED];
  return check as DeferredCheck<T, R> | undefined;
}

/** Runs the check put off on `req`, if it is still there; rejects with its refusal. */
export async function settleDeferredCheck(req: object): Promise<void> {
  await takeDeferredCheck(req)?.();
}
