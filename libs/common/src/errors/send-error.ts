import type { Response } from 'express';
import { AppException } from './app-exception';
import { statusForCode } from './error-codes';
import { errorEnvelope } from './error-envelope';

/** Where the access line (pino-http) finds the error of a failed request, and its code for the message. */
const FAILURE = 'err';
export const FAILURE_CODE = Symbol('failureCode');

/**
 * An infrastructure failure as the log shows it: class, code and message, never a stack (the log serializer,
 * `serializeError`, writes it as `{ type, code, message }`).
 */
export interface InfrastructureFailure {
  infrastructure: true;
  errorClass: string;
  code?: string;
  message: string;
}

/** The SQLSTATE or errno of an error, or of the driver error it wraps. */
function codeOf(error: unknown): string | undefined {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  const inner = driverError?.code;
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
}

/**
 * What the log keeps of an error answered with `exception`: the original error (stack included) for an
 * unexpected programming error, a stackless summary for an infrastructure failure, nothing for a client error.
 */
export function failureOf(exception: AppException, error: unknown): unknown {
  if (exception.code === 'internal_error') return error ?? exception;
  if (exception.code !== 'unavailable') return undefined;
  const source = error instanceof Error ? error : exception;
  return {
    infrastructure: true,
    errorClass: source.constructor?.name ?? 'Error',
    code: codeOf(source),
    message: source.message,
  } satisfies InfrastructureFailure;
}

/**
 * Writes an `AppException` as the contract's error envelope. A failure to log (`failure`, or a summary for
 * any 5xx) goes on the response for the request's access line, which then says `Request failed: <code>`:
 * one line per failed request.
 */
export function sendError(res: Response, exception: AppException, requestId: string, failure?: unknown): void {
  const status = recordFailure(res, exception, failure);
  if (res.headersSent) {
    res.end();
    return;
  }
  if (exception.details.retryAfterSeconds !== undefined) {
    res.setHeader('Retry-After', String(Math.max(0, Math.ceil(exception.details.retryAfterSeconds))));
  }
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json(errorEnvelope(exception.code, exception.message, requestId, exception.details.field));
}

/**
 * Puts what the access line logs of a failed request on the response (as `sendError` does) and returns the
 * exception's HTTP status: for answers that are not the JSON envelope (the pages' error views).
 */
export function recordFailure(res: Response, exception: AppException, failure?: unknown): number {
  const status = statusForCode(exception.code);
  if (status >= 500 || failure !== undefined) {
    const holder = res as unknown as { [FAILURE]?: unknown; [FAILURE_CODE]?: string };
    holder[FAILURE] = failure ?? failureOf(exception, exception);
    holder[FAILURE_CODE] = exception.code;
  }
  return status;
}
