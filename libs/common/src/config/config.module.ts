import { DynamicModule, Global, Module } from '@nestjs/common';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { LoadedConfig } from './config-namespace';

/**
 * Provides every already validated namespace under its `registerAs` token (`@Inject(abuseConfig.KEY)`), and the
 * process's `ShutdownState`, to every module.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: LoadedConfig): DynamicModule {
    const providers = [...config.providers(), ShutdownState];
    return { module: ConfigModule, providers, exports: providers };
  }
}
