import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '@app/audit';
import { ClockModule, commonConfig, CommonConfig, ConfigModule, type LoadedConfig, loggerModule } from '@app/common';
import {
  databaseConfig,
  type DatabaseConfig,
  dataSourceOptions,
  type DatabaseTarget,
  initializeWithMigrations,
} from '@app/database';
import { GlobalExceptionFilter } from '@app/http';
import { RedisModule } from '@app/messaging';
import { MetricsModule } from '@app/metrics';
import type { DestinationStream } from 'pino';
import { AccountModule } from './account/account.module';
import { AbuseHttpModule } from './abuse/abuse-http.module';
import { AdminModule } from './admin/admin.module';
import { ConvertModule } from './convert/convert.module';
import { AnalyticsHttpModule } from './analytics/analytics-http.module';
import { HealthModule } from './health/health.module';
import { PublicPagesModule } from './pages/public-pages.module';
import { ShortLinksHttpModule } from './shortlinks/short-links-http.module';
import { TlsModule } from './tls/tls.module';
import { WebhooksHttpModule } from './webhooks/webhooks-http.module';
import { AuditHttpModule } from './audit/audit-http.module';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { validationPipe } from './validation';

/**
 * The database wiring shared by the HTTP app and the CLI. Migrations run on start, once across processes
 * (under an advisory lock: several instances or cluster workers may start together). `embeddedSocket`: the
 * running service's embedded database, reached through its socket (the CLI while the service runs).
 */
export function databaseModule(embeddedSocket?: DatabaseTarget['embeddedSocket']): DynamicModule {
  return TypeOrmModule.forRootAsync({
    inject: [commonConfig.KEY, databaseConfig.KEY],
    useFactory: (config: CommonConfig, database: DatabaseConfig) => ({
      ...dataSourceOptions(
        { url: database.DATABASE_URL, embeddedDir: database.DATA_DIR, embeddedSocket },
        ENTITIES,
        MIGRATIONS,
      ),
      retryAttempts: config.NODE_ENV === 'test' ? 0 : 5,
      retryDelay: 2000,
      logging: ['migration'] as const,
    }),
    dataSourceFactory: async (options) => initializeWithMigrations(options!),
  });
}

export interface AppModuleOptions {
  /** Where log lines go instead of stdout (tests read them back). */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot(config: LoadedConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(options.logDestination),
        ClockModule,
        // The registry of the periodic work (flushes of usage, clicks and abuse events; ban sync, session prune,
        // custom-domain re-check): each task starts on bootstrap and stops in its owner's shutdown hook.
        ScheduleModule.forRoot(),
        // The domain events (docs/architecture.md, "Domain events"): awaited by their emitters.
        EventEmitterModule.forRoot(),
        RedisModule,
        MetricsModule,
        databaseModule(),
        // The audit log's listeners and its context interceptor (below), before the features whose events it hears.
        AuditModule,
        // The features: each module lists its routes and the libs they need. Express tries the routes in this
        // order: the convert call, the one partners pay for, first.
        ConvertModule,
        HealthModule,
        PublicPagesModule,
        AccountModule,
        AdminModule,
        AbuseHttpModule,
        ShortLinksHttpModule,
        TlsModule,
        AnalyticsHttpModule,
        WebhooksHttpModule,
        AuditHttpModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_PIPE, useFactory: validationPipe },
      ],
    };
  }
}
