import type { INestApplication } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { AccessLog, ShutdownState } from '@app/common';
import { requestIdMiddleware } from './request-id';

/**
 * The first Express middleware of every app (the api and the standalone redirector), in this order:
 * `Connection: close` once the process is stopping (`ShutdownState`), the request id (`X-Request-Id`), and the
 * access line (so every answer has one, a body the parser refuses included). One definition for both apps.
 */
export function httpEdge(app: INestApplication): RequestHandler[] {
  return [
    app.get(ShutdownState, { strict: false }).middleware as RequestHandler,
    requestIdMiddleware,
    app.get(AccessLog, { strict: false }).middleware as unknown as RequestHandler,
  ];
}
