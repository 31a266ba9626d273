import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { authConfig, LoginService, PgSessionStore, SESSION_COOKIE, sessionMiddleware } from '@app/auth';
import { bodyParsing, commonConfig, httpEdge, type LoadedConfig, securityHeaders } from '@app/common';
import { httpMetricsMiddleware, Metrics, metricsConfig, setRouteLabel } from '@app/metrics';
import { RedirectHandler } from '@app/redirector';
import { shortLinksConfig } from '@app/shortlinks';
import { Logger } from 'nestjs-pino';
import { assetsMiddleware, vendorAssetsMiddleware } from './pages/pages';
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
  const common = config.get(commonConfig);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', common.trustProxy);
  app.disable('x-powered-by');
  // API answers are `no-store`: an ETag (a SHA-1 of every response body) would be work for nothing.
  app.set('etag', false);
  // The HTTP duration histogram first, so it times every request of every route (the mounted redirects
  // included), labelled by route pattern.
  if (config.get(metricsConfig).METRICS_ENABLED) app.use(httpMetricsMiddleware(app.get(Metrics)));
  // Single-process mode: the short links, answered by the redirector's handler as the first Express
  // middleware after the timer (a plain `(req, res, next)`: anything that is not a short-link request goes on).
  if (config.get(shortLinksConfig).REDIRECTOR_MOUNT) app.use(RedirectHandler.of(app, { mounted: true }).middleware);
  // `Connection: close` once stopping, the request id, the access line (every answer has one).
  app.use(...httpEdge(app));
  app.use(securityHeaders());
  app.use('/assets', (req: Parameters<typeof setRouteLabel>[0], _res: unknown, next: () => void) => {
    setRouteLabel(req, '/assets/*');
    next();
  });
  // Static files only where they are: GET/HEAD of their own paths. The pages are Nest routes (views/).
  app.use('/assets/vendor', vendorAssetsMiddleware());
  app.use('/assets', assetsMiddleware());
  app.use(
    ...bodyParsing({
      limitBytes: common.BODY_LIMIT_BYTES,
      maxDepth: common.JSON_MAX_DEPTH,
      maxEntries: common.JSON_MAX_ENTRIES,
      onRefused: (req) => app.get(LoginService).onRefusedRequest(req),
    }),
  );
  // Sessions only where they are used: the account and admin JSON routes and pages (never on /api/convert).
  app.use(SESSION_PATHS, sessionMiddleware(common, config.get(authConfig), app.get(PgSessionStore)));
  // Signals are handled by main.ts (GracefulShutdown): in-flight requests first, then the app's hooks.

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Link Conversion API')
      .setDescription(
        'Converts every marketplace link in a text into an affiliate link, a short link, or the clean original ' +
          'link. Errors always come as `{ ok: false, error: { code, message }, request_id }`. The account and ' +
          'admin routes use the session cookie and need the `X-CSRF-Token` header on every POST/PATCH. API calls are ' +
          'rate-limited per API key and per member (`RateLimit-Policy` and `RateLimit` headers, ' +
          'draft-ietf-httpapi-ratelimit-headers-10; 429 `rate_limited` with `Retry-After`), and an IP that sends ' +
          'too many wrong credentials is banned for a while (403 `ip_blocked` with `Retry-After`).',
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Token' }, 'api-token')
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }, 'session')
      .addSecurityRequirements('api-key')
      .addSecurityRequirements('api-token')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });
  return app;
}
