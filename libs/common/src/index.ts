export { CommonConfig, commonConfig } from './common.config';
export {
  ConfigError,
  configNamespace,
  LoadedConfig,
  loadConfig,
  settingNames,
  type ConfigNamespace,
} from './config/config-namespace';
export { ConfigModule } from './config/config.module';
export {
  bool,
  httpUrl,
  int,
  ipList,
  matches,
  oneOf,
  optional,
  secret,
  setting,
  settingsTable,
} from './config/settings-table';
export { IsIpList, IpRangeList } from './config/ip-list';
export { ensureSecrets, keySecret, secretSettings, textSecret, writeSecretFiles } from './config/secret-file';
export { AppException } from './errors/app-exception';
export { ERROR_CODES, type ErrorCode, statusForCode } from './errors/error-codes';
export { errorExample, ErrorResponseDto, OkTrue } from './errors/error-response.dto';
export { failureOf, recordFailure, sendError } from './errors/send-error';
export { toAppException } from './errors/to-app-exception';
export { clientAddress } from './net/client-address';
export { ShutdownState } from './lifecycle/shutdown-state';
export { AccessLog, loggerModule } from './logging/logger.module';
export { RareWarning } from './logging/rare-warning';
export { isSecretQueryName, isSecretQueryValue, SECRET_VALUE_PREFIXES } from './logging/secret-query';
export { Clock, ClockModule } from './clock';
export { PeriodicUntilModuleDestroy, PeriodicUntilShutdown } from './scheduling/periodic-provider';
export { PeriodicTask } from './scheduling/periodic-task';
