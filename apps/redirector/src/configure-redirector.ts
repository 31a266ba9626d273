import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpEdge } from '@app/common';
import { httpMetricsMiddleware, Metrics, metricsConfig, type MetricsConfig } from '@app/metrics';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { RedirectHandler } from '@app/shortlinks';

/**
 * The standalone redirector's HTTP set-up, shared by main.ts, the tests and the benchmark. It is a separate
 * app by design, lean: the redirect handler is the server's request listener, and only what it passes on
 * (`GET /health`) reaches Express, through the same edge as the api's (`httpEdge`: `Connection: close` once
 * stopping, request id, access line).
 */
export function configureRedirector(app: NestExpressApplication): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  const handler = RedirectHandler.of(app, { mounted: false });
  // Every request's duration, the redirects' included: the same unit as the api's, first.
  const timed = app.get<MetricsConfig>(metricsConfig.KEY).METRICS_ENABLED
    ? httpMetricsMiddleware(app.get(Metrics))
    : null;
  const server = app.getHttpServer() as Server;
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const redirectOrExpress = (req: IncomingMessage, res: ServerResponse) =>
    handler.middleware(req, res, () => {
      for (const listener of listeners) listener(req, res);
    });
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    timed ? timed(req, res, () => redirectOrExpress(req, res)) : redirectOrExpress(req, res),
  );
  app.use(...httpEdge(app));
  return app;
}
