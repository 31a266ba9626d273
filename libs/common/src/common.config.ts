import { IsIn } from 'class-validator';
import { configNamespace } from './config/config-namespace';
import { optional, setting, settingsTable } from './config/settings-table';

/** Settings every part of the process shares: the runtime environment and the logs. */
export class CommonConfig extends settingsTable({
  /** The runtime environment; `test` makes no retries when the database is down at start-up. */
  NODE_ENV: optional(
    setting<'development' | 'production' | 'test'>(IsIn(['development', 'production', 'test'])),
  ).default('development'),

  /** Pino level (`silent` to mute). */
  LOG_LEVEL: optional(setting<string>(IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']))).default(
    'info',
  ),

  /** `json` (one JSON line per entry), `pretty` (pino-pretty: readable, coloured); unset: pretty on a terminal. */
  LOG_FORMAT: optional(setting<'json' | 'pretty'>(IsIn(['json', 'pretty']))),
}) {}

export const commonConfig = configNamespace('common', CommonConfig);
