import type { INestApplication } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { AccessLog, ShutdownState } from '@app/common';
import { assignRequestId } from './request-id';

/**
 * The first Express middleware of every app (the api and the standalone redirector), one function doing in this
 * order: `Connection: close` once the process is stopping (`ShutdownState`), the request id (`X-Request-Id`), and
 * the access line (so every answer has one, a body the parser refuses included). One definition for both apps;
 * one router layer instead of three (each layer is a path match and a `next` of Express's router per request).
 */
export function httpEdge(app: INestApplication): RequestHandler[] {
  const shutdown = app.get(ShutdownState, { strict: false });
  const accessLog = app.get(AccessLog, { strict: false }).middleware as unknown as RequestHandler;
  const edge: RequestHandler = (req, res, next) => {
    shutdown.closeIfStopping(res);
    assignRequestId(req, res);
    accessLog(req, res, next);
  };
  return [edge];
}
