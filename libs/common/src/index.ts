export { CommonConfig, commonConfig } from './common.config';
export {
  ConfigError,
  configNamespace,
  emptyToUndefined,
  LoadedConfig,
  loadConfig,
  settingNames,
  toBool,
  IntSetting,
  type ConfigNamespace,
} from './config/config-namespace';
export { ConfigModule } from './config/config.module';
export { IsIpList, IpRangeList } from './config/ip-list';
export { ensureSecrets } from './config/secret-file';
export { AppException } from './errors/app-exception';
export { ERROR_CODES, type ErrorCode, statusForCode } from './errors/error-codes';
export { errorExample, ErrorResponseDto, OkTrue } from './errors/error-response.dto';
export { GlobalExceptionFilter } from './errors/global-exception.filter';
export { failureOf, recordFailure, sendError } from './errors/send-error';
export { toAppException } from './errors/to-app-exception';
export { bodyParsing } from './http/body-parsing';
export { hasUnstorableText } from './http/request-input';
export { SECRET_VALUE_PREFIXES } from './http/secret-query';
export { requestIdOf } from './http/request-id';
export { clientAddress, ipKeyOf, UNKNOWN_CLIENT } from './http/client-ip';
export { dataSourceOptions, type DatabaseTarget } from './database/data-source-options';
export { acquireEmbeddedLock, embeddedLockHolder } from './database/embedded-lock';
export { embeddedSocketTarget, serveEmbeddedDatabase } from './database/embedded-socket';
export { initializeWithMigrations } from './database/run-migrations';
export { loggerModule } from './logging/logger.module';
export { Clock, ClockModule } from './clock';
export { PubSub } from './pubsub/pubsub';
export { PubSubModule } from './pubsub/pubsub.module';
export { RedisConnections } from './redis/redis-connections';
export { RedisModule } from './redis/redis.module';
export { GracefulShutdown } from './http/graceful-shutdown';
export { applyServerLimits } from './http/server-limits';
export { httpEdge } from './http/http-edge';
export { securityHeaders } from './http/security-headers';
export { ShutdownState } from './http/shutdown-state';
export { PeriodicTask } from './scheduling/periodic-task';
export { CpuLane } from './scheduling/cpu-lane';
export { stringifyInSlices } from './scheduling/sliced-json';
export { BodySchema, bodySchemaOf } from './validation/body-schema';
export { GENERATED_SECRET_FILES, writeSecretFiles } from './config/secret-file';
export {
  openForReading,
  readBackupFile,
  readDatabase,
  restoreRecords,
  tableSummaries,
  tablesInDependencyOrder,
  TransferError,
  writeBackupFile,
} from './database/transfer';
