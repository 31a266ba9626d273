import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig, bodyParsing, requestIdMiddleware } from '@app/common';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';

/**
 * Everything about the HTTP app that is not a module: proxy trust, security headers, request ids, the
 * JSON body pipeline and the OpenAPI docs. Shared by `main.ts` and the e2e tests, so tests run the real thing.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(helmet());
  app.use(...bodyParsing({ limitBytes: config.BODY_LIMIT_BYTES, maxDepth: config.JSON_MAX_DEPTH }));
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Link Conversion API')
      .setDescription(
        'Converts every marketplace link in a text into an affiliate link, a short link, or the clean original ' +
          'link. Errors always come as `{ ok: false, error: { code, message }, request_id }`.',
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Token' }, 'api-token')
      .addSecurityRequirements('api-key')
      .addSecurityRequirements('api-token')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });
  return app;
}
