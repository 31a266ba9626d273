import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  commonConfig,
  type CommonConfig,
  ConfigModule,
  type ConfigNamespace,
  type LoadedConfig,
  loadConfig,
  loggerModule,
} from '@app/common';
import { databaseConfig, type DatabaseConfig, dataSourceOptions } from '@app/database';
import { GlobalExceptionFilter, httpConfig } from '@app/http';
import { messagingConfig } from '@app/messaging';
import { analyticsConfig, ClickRecorderModule } from '@app/analytics';
import { MetricsController, MetricsModule, metricsConfig } from '@app/metrics';
import { NoShortLinkTargets, SHORT_LINK_ENTITIES, shortLinksConfig, ShortLinksModule } from '@app/shortlinks';
import type { DestinationStream } from 'pino';
import { RedirectorHealthController } from './health.controller';

/** The settings of the libs the redirector runs, each validated by its own class. */
export const REDIRECTOR_CONFIG: ConfigNamespace[] = [
  commonConfig,
  databaseConfig,
  messagingConfig,
  httpConfig,
  shortLinksConfig,
  metricsConfig,
  analyticsConfig,
];

/** Reads and validates the redirector's namespaces; one `ConfigError` lists every bad value. */
export function loadRedirectorConfig(env: Record<string, string | undefined>): LoadedConfig {
  return loadConfig(env, REDIRECTOR_CONFIG);
}

export interface RedirectorModuleOptions {
  logDestination?: DestinationStream;
}

/**
 * The standalone redirector (`npm run start:redirector`): the short-link tables only, no migrations (the api
 * owns the schema), the redirect handler in front (see main.ts) and `GET /health`.
 */
@Module({})
export class RedirectorModule {
  static forRoot(config: LoadedConfig, options: RedirectorModuleOptions = {}): DynamicModule {
    return {
      module: RedirectorModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(options.logDestination),
        // The click flush is the redirector's one periodic task (custom domains are re-checked by the api).
        ScheduleModule.forRoot(),
        MetricsModule,
        TypeOrmModule.forRootAsync({
          inject: [commonConfig.KEY, databaseConfig.KEY],
          useFactory: (appConfig: CommonConfig, database: DatabaseConfig) => ({
            ...dataSourceOptions({ url: database.DATABASE_URL, embeddedDir: database.DATA_DIR }, SHORT_LINK_ENTITIES),
            migrationsRun: false,
            retryAttempts: appConfig.NODE_ENV === 'test' ? 0 : 5,
            retryDelay: 2000,
          }),
        }),
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        // Redirects only: it never makes a short link.
        ShortLinksModule.forRoot({ targetPolicy: NoShortLinkTargets }),
        // Clicks with their dimensions, written beside the click counts.
        ClickRecorderModule.forRoot({ shortLinks: ShortLinksModule.forRoot({ targetPolicy: NoShortLinkTargets }) }),
      ],
      controllers: [RedirectorHealthController, MetricsController],
      providers: [{ provide: APP_FILTER, useClass: GlobalExceptionFilter }],
    };
  }
}
