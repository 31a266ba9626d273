import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { configNamespace, emptyToUndefined } from './config/config-namespace';

/** Settings every part of the process shares: the runtime environment and the logs. */
export class CommonConfig {
  /** The runtime environment; `test` makes no retries when the database is down at start-up. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** Pino level (`silent` to mute). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** `json` (one JSON line per entry), `pretty` (pino-pretty: readable, coloured); unset: pretty on a terminal. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['json', 'pretty'])
  LOG_FORMAT?: 'json' | 'pretty';
}

export const commonConfig = configNamespace('common', CommonConfig);
