import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../http/request-id';
import { sendError } from './send-error';
import { toAppException } from './to-app-exception';

const logger = new Logger('GlobalExceptionFilter');

/** The request's own logger (pino-http's `req.log`, set by the access log), when it has one. */
interface RequestWithLog {
  log?: { error(object: object, message: string): void };
}

/**
 * Answers anything thrown while handling a request with the error envelope. The errors that are our fault
 * or the database's (`internal_error`, `unavailable`) are logged with the original error (its SQL parameters
 * stripped by the log serializer), on the request's logger (the line carries the request); the client only
 * ever sees the generic message. Used by the global filter and by the paths answered in front of Express.
 */
export function sendErrorFor(req: Request, res: Response, error: unknown): void {
  const exception = toAppException(error);
  const requestId = requestIdOf(req);
  if (exception.code === 'internal_error' || exception.code === 'unavailable') {
    const line = { err: error, requestId, context: 'GlobalExceptionFilter' };
    const log = (req as RequestWithLog).log;
    if (log) log.error(line, `Request failed: ${exception.code}`);
    else logger.error(line, `Request failed: ${exception.code}`);
  }
  sendError(res, exception, requestId);
}

/** The one place where anything thrown while handling a request becomes the error envelope. */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendErrorFor(http.getRequest<Request>(), http.getResponse<Response>(), error);
  }
}
