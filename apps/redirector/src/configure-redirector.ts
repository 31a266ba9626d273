import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpEdge } from '@app/http';
import { Logger } from 'nestjs-pino';
import { RedirectHandler } from '@app/shortlinks';

/**
 * The standalone redirector's HTTP set-up, shared by main.ts, the tests and the benchmark. It is a separate
 * app by design, lean: the redirect handler is first on the server (`RedirectHandler.installFirst`, as the api
 * mounts it), and only what it passes on (`GET /health`, `GET /metrics`) reaches Express, through the same edge as the api's (`httpEdge`: `Connection: close` once
 * stopping, request id, access line).
 */
export function configureRedirector(app: NestExpressApplication): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The redirect handler first, behind the HTTP duration timer, as the api mounts it (one unit for both).
  RedirectHandler.installFirst(app, { mounted: false });
  app.use(...httpEdge(app));
  return app;
}
