import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { acquireEmbeddedLock, applyServerLimits, GracefulShutdown, serveEmbeddedDatabase } from '@app/common';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';

import { startupConfig } from './startup-config';

async function bootstrap(): Promise<void> {
  const { config, notes } = startupConfig();
  const releaseLock = config.usesEmbeddedDatabase ? acquireEmbeddedLock(config.DATA_DIR) : () => undefined;
  let stopServingDatabase: () => void = () => undefined;
  const release = () => {
    stopServingDatabase();
    releaseLock();
  };
  process.once('exit', release);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  // The embedded database, migrated by now, served to the CLI on a socket in DATA_DIR (see docs/operations.md).
  if (config.usesEmbeddedDatabase) stopServingDatabase = await serveEmbeddedDatabase(config.DATA_DIR);
  const logger = app.get(Logger);
  const shutdown = new GracefulShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS, release);
  configureApp(app, config);
  notes.forEach((note) => logger.log(note, 'Bootstrap'));
  shutdown.install();
  applyServerLimits(app.getHttpServer(), config);
  await app.listen(config.PORT);
  logger.log(`Listening on port ${config.PORT}; API docs at /docs`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
