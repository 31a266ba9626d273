import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { acquireEmbeddedLock, databaseConfig, serveEmbeddedDatabase } from '@app/database';
import { applyServerLimits, ExpressServerAdapter, GracefulShutdown, httpConfig } from '@app/http';
import { analyticsConfig } from '@app/analytics';
import { Logger } from 'nestjs-pino';
import { REPORT_UPLOAD_PATHS } from './analytics/report-uploads.controller';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';

import { startupConfig } from './startup-config';

async function bootstrap(): Promise<void> {
  const { config, notes } = startupConfig();
  const http = config.get(httpConfig);
  const database = config.get(databaseConfig);
  const releaseLock = database.usesEmbeddedDatabase ? acquireEmbeddedLock(database.DATA_DIR) : () => undefined;
  let stopServingDatabase: () => void = () => undefined;
  const release = () => {
    stopServingDatabase();
    releaseLock();
  };
  process.once('exit', release);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressServerAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  // The embedded database, migrated by now, served to the CLI on a socket in DATA_DIR (see docs/operations.md).
  if (database.usesEmbeddedDatabase) stopServingDatabase = await serveEmbeddedDatabase(database.DATA_DIR);
  const logger = app.get(Logger);
  const shutdown = new GracefulShutdown(app, logger, http.SHUTDOWN_TIMEOUT_MS, release);
  configureApp(app, config);
  notes.forEach((note) => logger.log(note, 'Bootstrap'));
  shutdown.install();
  // The report uploads are read as they are imported: their request may last IMPORT_REQUEST_TIMEOUT_MS.
  applyServerLimits(app.getHttpServer(), http, {
    paths: REPORT_UPLOAD_PATHS,
    timeoutMs: config.get(analyticsConfig).IMPORT_REQUEST_TIMEOUT_MS,
  });
  await app.listen(http.PORT);
  logger.log(`Listening on port ${http.PORT}; API docs at /docs`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
