import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule, dataSourceOptions, GlobalExceptionFilter, loggerModule } from '@app/common';
import { MetricsController, MetricsModule } from '@app/metrics';
import { SHORT_LINK_ENTITIES, ShortLinksModule } from '@app/shortlinks';
import type { DestinationStream } from 'pino';
import { RedirectorHealthController } from './health.controller';

export interface RedirectorModuleOptions {
  logDestination?: DestinationStream;
}

/**
 * The standalone redirector (`npm run start:redirector`): the short-link tables only, no migrations (the api
 * owns the schema), the redirect handler in front (see main.ts) and `GET /health`.
 */
@Module({})
export class RedirectorModule {
  static forRoot(config: AppConfig, options: RedirectorModuleOptions = {}): DynamicModule {
    return {
      module: RedirectorModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(options.logDestination),
        MetricsModule,
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (appConfig: AppConfig) => ({
            ...dataSourceOptions({ url: appConfig.DATABASE_URL, embeddedDir: appConfig.DATA_DIR }, SHORT_LINK_ENTITIES),
            migrationsRun: false,
            retryAttempts: appConfig.NODE_ENV === 'test' ? 0 : 5,
            retryDelay: 2000,
          }),
        }),
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        ShortLinksModule,
      ],
      controllers: [RedirectorHealthController, MetricsController],
      providers: [{ provide: APP_FILTER, useClass: GlobalExceptionFilter }],
    };
  }
}
