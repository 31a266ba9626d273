import { DynamicModule, Global, Module } from '@nestjs/common';
import { ShutdownState } from '../http/shutdown-state';
import { AppConfig } from './app-config';

/** Provides the already validated `AppConfig`, and the process's `ShutdownState`, to every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }, ShutdownState],
      exports: [AppConfig, ShutdownState],
    };
  }
}
