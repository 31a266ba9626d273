import type { Response } from 'express';
import { AppException } from './app-exception';
import { statusForCode } from './error-codes';
import { errorEnvelope } from './error-envelope';

/** Writes an `AppException` as the contract's error envelope. */
export function sendError(res: Response, exception: AppException, requestId: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const status = statusForCode(exception.code);
  if (exception.details.retryAfterSeconds !== undefined) {
    res.setHeader('Retry-After', String(Math.max(0, Math.ceil(exception.details.retryAfterSeconds))));
  }
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json(errorEnvelope(exception.code, exception.message, requestId, exception.details.field));
}
