import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { failureOf, sendError, toAppException } from '@app/common';
import { takeDeferredCheck } from './deferred-check';
import { requestIdOf } from './request-id';

const logger = new Logger('GlobalExceptionFilter');

/**
 * Answers anything thrown while handling a request with the error envelope; the client only ever sees the
 * generic message. What the operator gets is on the request's one access line (`failureOf`): for an
 * unexpected programming error (`internal_error`) the original error with its stack (SQL parameters stripped
 * by the log serializer); for an infrastructure failure (`unavailable`: database or Redis unreachable, a
 * time-out) its class, code and message, no stack; for a client error nothing more than the status. A
 * request that never got an access line (none in this app) gets the same as a line of its own.
 */
export function sendErrorFor(req: Request, res: Response, error: unknown): void {
  const exception = toAppException(error);
  const requestId = requestIdOf(req);
  const failure = failureOf(exception, error);
  if (failure && !(req as Request & { log?: unknown }).log) {
    logger.error({ err: failure, requestId }, `Request failed: ${exception.code}`);
  }
  sendError(res, exception, requestId, failure);
}

/**
 * The one place where anything thrown while handling a request becomes the error envelope. A check a guard put
 * off (`deferCheck`: the rate-limit count of a convert call) and nobody took is settled first; its refusal is the
 * answer, as if the guard had checked at once.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const deferred = takeDeferredCheck(req);
    if (!deferred) return sendErrorFor(req, res, error);
    deferred().then(
      () => sendErrorFor(req, res, error),
      (refusal: unknown) => sendErrorFor(req, res, refusal),
    );
  }
}
