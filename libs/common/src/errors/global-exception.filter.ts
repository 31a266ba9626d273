import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../http/request-id';
import { sendError } from './send-error';
import { toAppException } from './to-app-exception';

/** The one place where anything thrown while handling a request becomes the error envelope. */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('GlobalExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const exception = toAppException(error);
    if (exception.code === 'internal_error' || exception.code === 'unavailable') {
      this.logger.error({ err: error, requestId: requestIdOf(req) }, `Request failed: ${exception.code}`);
    }
    sendError(res, exception, requestIdOf(req));
  }
}
