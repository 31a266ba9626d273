import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { databaseConfig } from '@app/database';
import { applyServerLimits, ExpressServerAdapter, GracefulShutdown, httpConfig } from '@app/http';
import { ConfigError, type LoadedConfig } from '@app/common';
import { shortLinksConfig } from '@app/shortlinks';
import { Logger } from 'nestjs-pino';
import { configureRedirector } from './configure-redirector';
import { loadRedirectorConfig, RedirectorModule } from './redirector.module';

async function bootstrap(): Promise<void> {
  let config: LoadedConfig;
  try {
    config = loadRedirectorConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const http = config.get(httpConfig);
  const port = config.get(shortLinksConfig).REDIRECTOR_PORT;
  if (config.get(databaseConfig).usesEmbeddedDatabase) {
    process.stderr.write(
      'The standalone redirector needs DATABASE_URL (the embedded database belongs to the api process): ' +
        'without it, the api serves the short links itself (REDIRECTOR_MOUNT=true, the default).\n',
    );
    process.exit(1);
  }
  const app = await NestFactory.create<NestExpressApplication>(
    RedirectorModule.forRoot(config),
    new ExpressServerAdapter(),
    {
      bufferLogs: true,
      bodyParser: false,
    },
  );
  // On SIGTERM/SIGINT: stop accepting, finish the redirects in flight, then flush the click counters (app.close()).
  // Every answer (redirects, their pages, GET /health) then gets `Connection: close` through the ShutdownState.
  const shutdown = new GracefulShutdown(app, app.get(Logger), http.SHUTDOWN_TIMEOUT_MS);
  configureRedirector(app);
  app.set('trust proxy', http.trustProxy);
  shutdown.install();
  applyServerLimits(app.getHttpServer(), http);
  await app.listen(port);
  app.get(Logger).log(`Redirector listening on port ${port}`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
