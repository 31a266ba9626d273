import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../http/request-id';
import { AppException } from './app-exception';
import { sendError } from './send-error';
import { toAppException } from './to-app-exception';

const logger = new Logger('GlobalExceptionFilter');

/** The request's own logger (pino-http's `req.log`, set by the access log), when it has one. */
interface RequestWithLog {
  log?: { error(object: object, message: string): void };
}

/**
 * Anything thrown while handling a request, as the `AppException` the client gets. The ones that are our
 * fault or the database's (`internal_error`, `unavailable`) are logged with the original error (its SQL
 * parameters stripped by the log serializer), on the request's logger (the line carries the request); the
 * client only ever sees the generic message.
 */
export function exceptionForClient(error: unknown, req: object): AppException {
  const exception = toAppException(error);
  if (exception.code === 'internal_error' || exception.code === 'unavailable') {
    const line = { err: error, requestId: requestIdOf(req as Request), context: 'GlobalExceptionFilter' };
    const log = (req as RequestWithLog).log;
    if (log) log.error(line, `Request failed: ${exception.code}`);
    else logger.error(line, `Request failed: ${exception.code}`);
  }
  return exception;
}

/** The one place where anything thrown while handling a request becomes the error envelope. */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const requestId = requestIdOf(req);
    sendError(res, exceptionForClient(error, req), requestId);
  }
}
