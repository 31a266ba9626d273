import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessLog, AppConfig, requestIdMiddleware, serveFirst } from '@app/common';
import { httpMetricsMiddleware, Metrics } from '@app/metrics';
import { RedirectHandler, serveRedirectsFirst } from '@app/shortlinks';
import { Logger } from 'nestjs-pino';

/** The redirector's HTTP set-up, shared by main.ts, the tests and the benchmark. */
export function configureRedirector(app: NestExpressApplication): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // Every request but GET /health is answered here, in front of Express and the Nest pipeline.
  serveRedirectsFirst(app.getHttpServer(), app.get(RedirectHandler).middleware({ mounted: false }));
  // Installed last, so it runs first: every request's duration, the redirects' included (same unit as the api).
  if (app.get(AppConfig).METRICS_ENABLED) serveFirst(app.getHttpServer(), httpMetricsMiddleware(app.get(Metrics)));
  app.use(requestIdMiddleware);
  app.use(app.get(AccessLog).middleware);
  return app;
}
