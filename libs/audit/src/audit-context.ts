import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import type { Request } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { finalize, Observable } from 'rxjs';

/** The request a domain event was emitted in, as the audit log needs it: who acts, from where. */
interface RequestOf {
  ip?: string;
  get(name: string): string | undefined;
  session?: { memberId?: string };
  principal?: { memberId: string };
}

/**
 * The request under way, for the audit log's listeners: the domain events carry the facts (member, key, endpoint)
 * and no request, so the libs that emit them stay free of HTTP; the listener reads the actor, address and user agent
 * here. Held in an `AsyncLocalStorage` entered by `AuditContextInterceptor` around every route's handler (the events
 * are emitted with `emitAsync` and awaited inside it); outside a request (a queue's worker) there is none: the
 * service acts.
 */
@Injectable()
export class AuditContext {
  private readonly storage = new AsyncLocalStorage<{ req: RequestOf; open: boolean }>();

  /**
   * Runs `work` (the handler) in the request's context; `close` ends it. Work the request started in the background
   * (a queue's worker, a timer) inherits the store: once the request is answered it sees none.
   */
  run<T>(req: RequestOf, work: (close: () => void) => T): T {
    const store = { req, open: true };
    return this.storage.run(store, () => work(() => (store.open = false)));
  }

  request(): RequestOf | undefined {
    const store = this.storage.getStore();
    return store?.open ? store.req : undefined;
  }
}

/**
 * The interceptor (`@Audited()`) that enters `AuditContext` for the handler: its work, and the listeners of the events
 * it emits, see this request. One `AsyncLocalStorage.run` per request, no I/O.
 */
@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  constructor(private readonly context: AuditContext) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'http') return next.handle();
    const req = execution.switchToHttp().getRequest<Request>() as unknown as RequestOf;
    return new Observable((subscriber) =>
      this.context.run(req, (close) => next.handle().pipe(finalize(close)).subscribe(subscriber)),
    );
  }
}

/**
 * On a controller whose handlers do what the audit log records (sign-in and sign-up, settings, secrets, keys, webhook
 * endpoints, an admin's changes to a member): its requests are the audit log's context, so an entry names who acted
 * and from where. Not global: the api's other routes (`POST /api/convert` above all) do no such thing, and an
 * interceptor costs each of their calls Nest's interceptor chain (an RxJS pipeline) for nothing. A handler of an
 * unmarked controller that did emit such an event would be recorded as done by the service (`system`).
 */
export const Audited = () => UseInterceptors(AuditContextInterceptor);
