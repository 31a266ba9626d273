import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AbuseModule } from '@app/abuse';
import { AuthModule } from '@app/auth';
import {
  ClockModule,
  commonConfig,
  CommonConfig,
  ConfigModule,
  dataSourceOptions,
  type DatabaseTarget,
  GlobalExceptionFilter,
  initializeWithMigrations,
  type LoadedConfig,
  loggerModule,
  RedisModule,
} from '@app/common';
import { ConversionModule, MarketplaceTargetPolicy } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { MembersModule } from '@app/members';
import { MetricsController, MetricsModule } from '@app/metrics';
import { UsageModule } from '@app/usage';
import { CustomDomainRechecker, ShortLinksModule } from '@app/shortlinks';
import type { DestinationStream } from 'pino';
import { AccountController } from './account/account.controller';
import { AccountPagesController } from './account/account-pages.controller';
import { AccountService } from './account/account.service';
import { AuthController } from './account/auth.controller';
import { AdminAbuseController } from './abuse/admin-abuse.controller';
import { ApiLimitsController } from './abuse/api-limits.controller';
import { AdminConsoleService } from './admin/admin-console.service';
import { AdminMembersController } from './admin/admin.controller';
import { AdminOverviewController } from './admin/admin-overview.controller';
import { AdminPagesController } from './admin/admin-pages.controller';
import { AdminService } from './admin/admin.service';
import { ConvertController } from './convert/convert.controller';
import { ConvertUseCase } from './convert/convert.use-case';
import { SessionPrincipalGuard } from './account/session-principal.guard';
import { ENTITIES } from './entities';
import { HealthController } from './health/health.controller';
import { PublicPagesController } from './pages/public-pages.controller';
import { ShortLinksController } from './shortlinks/short-links.controller';
import { TlsAskController } from './tls/tls-ask.controller';
import { validationPipe } from './validation';

/**
 * The database wiring shared by the HTTP app and the CLI. Migrations run on start, once across processes
 * (under an advisory lock: several instances or cluster workers may start together). `embeddedSocket`: the
 * running service's embedded database, reached through its socket (the CLI while the service runs).
 */
export function databaseModule(embeddedSocket?: DatabaseTarget['embeddedSocket']): DynamicModule {
  return TypeOrmModule.forRootAsync({
    inject: [commonConfig.KEY],
    useFactory: (config: CommonConfig) => ({
      ...dataSourceOptions({ url: config.DATABASE_URL, embeddedDir: config.DATA_DIR, embeddedSocket }, ENTITIES),
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
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        MembersModule,
        CredentialsModule,
        ConversionModule,
        AuthModule,
        UsageModule,
        AbuseModule,
        // The same options as ConversionModule's import: one instance (short links point at marketplace links only).
        ShortLinksModule.forRoot({ targetPolicy: MarketplaceTargetPolicy }),
      ],
      controllers: [
        ConvertController,
        HealthController,
        AuthController,
        AccountController,
        AdminMembersController,
        AdminOverviewController,
        ApiLimitsController,
        AdminAbuseController,
        ShortLinksController,
        MetricsController,
        TlsAskController,
        PublicPagesController,
        AccountPagesController,
        AdminPagesController,
      ],
      providers: [
        AccountService,
        AdminService,
        ConvertUseCase,
        SessionPrincipalGuard,
        AdminConsoleService,
        CustomDomainRechecker,
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_PIPE, useFactory: validationPipe },
      ],
    };
  }
}
