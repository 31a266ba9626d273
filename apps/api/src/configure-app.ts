import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { authConfig, LoginService, PgSessionStore, sessionMiddleware } from '@app/auth';
import { bodyParsing, httpConfig, httpEdge, securityHeaders } from '@app/http';
import { type LoadedConfig } from '@app/common';
import { httpMetricsMiddleware, labelByRouter, Metrics, metricsConfig, setRouteLabel } from '@app/metrics';
import { RedirectHandler, shortLinksConfig } from '@app/shortlinks';
import { Logger } from 'nestjs-pino';
import { REPORT_UPLOAD_PATHS } from './analytics/report-uploads.controller';
import { reserveAppPaths } from './api-paths';
import { openApiDocument } from './openapi/openapi-document';
import {
  assetsMiddleware,
  SWAGGER_UI_NO_FILES,
  swaggerUiAssetsMiddleware,
  vendorAssetsMiddleware,
} from './pages/pages';
import { PAGE } from './views/navigation';

/** The paths with a session: the JSON routes of the account and the admin console, and the pages. */
const SESSION_PATHS = ['/account', '/admin', PAGE.account, PAGE.console, PAGE.login, PAGE.signup, PAGE.logout];

/**
 * Everything about the HTTP app that is not a module: proxy trust, security headers, request ids, the
 * JSON body pipeline, the pages, sessions and the OpenAPI docs. Shared by `main.ts` and the e2e tests, so
 * tests run the real thing. Every request goes through Express, then Nest's router, global enhancers and the
 * route's own decorators: there is one request path (see docs/architecture.md).
 */
export function configureApp(app: NestExpressApplication, config: LoadedConfig): NestExpressApplication {
  const http = config.get(httpConfig);
  // Before the redirector is mounted: the api's paths stay the api's on a short-link host (api-paths.ts).
  reserveAppPaths(config);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', http.trustProxy);
  app.disable('x-powered-by');
  // API answers are `no-store`: an ETag (a SHA-1 of every response body) would be work for nothing.
  app.set('etag', false);
  // The HTTP duration histogram first, so it times every request of every route (the mounted redirects
  // included), labelled by route pattern. Single-process mode: the short links, answered by the redirector's
  // handler first, ahead of Express's per-request set-up and behind the timer, as the standalone redirector
  // mounts it (a plain `(req, res, next)`: anything that is not a short-link request goes on to Express).
  if (config.get(shortLinksConfig).REDIRECTOR_MOUNT) RedirectHandler.installFirst(app, { mounted: true });
  else if (config.get(metricsConfig).METRICS_ENABLED) app.use(httpMetricsMiddleware(app.get(Metrics)));
  // `Connection: close` once stopping, the request id, the access line (every answer has one).
  app.use(...httpEdge(app));
  app.use(securityHeaders());
  app.use('/assets', (req: Parameters<typeof setRouteLabel>[0], _res: unknown, next: () => void) => {
    setRouteLabel(req, '/assets/*');
    next();
  });
  // Static files only where they are: GET/HEAD of their own paths, from memory (see memory-files.ts). The pages
  // are Nest routes (views/).
  app.use('/assets/vendor', vendorAssetsMiddleware());
  app.use('/assets', assetsMiddleware());
  app.use(
    ...bodyParsing({
      limitBytes: http.BODY_LIMIT_BYTES,
      maxDepth: http.JSON_MAX_DEPTH,
      maxEntries: http.JSON_MAX_ENTRIES,
      onRefused: (req) => {
        // Its duration is labelled with the route it was sent to (`/api/convert`), not `unmatched`.
        labelByRouter(req, app.getHttpAdapter().getInstance().router);
        return app.get(LoginService).onRefusedRequest(req);
      },
      streamedBody: (req) => req.method === 'POST' && REPORT_UPLOAD_PATHS.has(req.path),
    }),
  );
  // Sessions only where they are used: the account and admin JSON routes and pages (never on /api/convert).
  app.use(SESSION_PATHS, sessionMiddleware(config.get(authConfig), app.get(PgSessionStore)));
  // Signals are handled by main.ts (GracefulShutdown): in-flight requests first, then the app's hooks.

  const document = openApiDocument(app);
  app.use('/docs', swaggerUiAssetsMiddleware());
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    customSwaggerUiPath: SWAGGER_UI_NO_FILES,
  });
  return app;
}
