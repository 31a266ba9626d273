import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule, dataSourceOptions, GlobalExceptionFilter, loggerModule } from '@app/common';
import { ConversionModule } from '@app/conversion';
import { CredentialsModule } from '@app/credentials';
import { MembersModule } from '@app/members';
import { ConvertController } from './convert/convert.controller';
import { ENTITIES } from './entities';
import { HealthController } from './health/health.controller';
import { validationPipe } from './validation';

/** The database wiring shared by the HTTP app and the CLI. Migrations run on start. */
export function databaseModule(): DynamicModule {
  return TypeOrmModule.forRootAsync({
    inject: [AppConfig],
    useFactory: (config: AppConfig) => ({
      ...dataSourceOptions({ url: config.DATABASE_URL, embeddedDir: config.DATA_DIR }, ENTITIES),
      migrationsRun: true,
      retryAttempts: config.NODE_ENV === 'test' ? 0 : 5,
      retryDelay: 2000,
      logging: ['migration'] as const,
    }),
  });
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(),
        databaseModule(),
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        MembersModule,
        CredentialsModule,
        ConversionModule,
      ],
      controllers: [ConvertController, HealthController],
      providers: [
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_PIPE, useFactory: validationPipe },
      ],
    };
  }
}
