export { CommonConfig, commonConfig, SETTINGS_KEY_SHAPE } from './common.config';
export {
  ConfigError,
  configNamespace,
  emptyToUndefined,
  LoadedConfig,
  loadConfig,
  loadNamespace,
  settingNames,
  toBool,
  toInt,
  type ConfigNamespace,
} from './config/config-namespace';
export { ConfigModule } from './config/config.module';
export { IsIpList, IpRangeList, parseIpList, type IpRange } from './config/ip-list';
export { ensureCredentialsSecret, ensureSecrets, type EnsuredSecret } from './config/secret-file';
export { AppException, type ErrorDetails } from './errors/app-exception';
export { type ErrorCode, statusForCode } from './errors/error-codes';
export { errorEnvelope, type ErrorEnvelope } from './errors/error-envelope';
export { GlobalExceptionFilter, sendErrorFor } from './errors/global-exception.filter';
export { sendError } from './errors/send-error';
export { isDatabaseUnavailable, toAppException } from './errors/to-app-exception';
export { bodyParsing, type BodyParsingOptions, isJsonContentType } from './http/body-parsing';
export {
  exceedsJsonDepth,
  hasUnstorableText,
  type JsonLimits,
  jsonBodyProblem,
  queryProblem,
  tooDeepException,
  tooManyEntriesException,
} from './http/request-input';
export { isSecretQueryName, redactUrl } from './http/secret-query';
export { requestIdMiddleware, requestIdOf } from './http/request-id';
export { clientAddress, ipKeyOf, UNKNOWN_CLIENT } from './http/client-ip';
export { dataSourceOptions, type DatabaseTarget } from './database/data-source-options';
export { acquireEmbeddedLock, embeddedLockHolder } from './database/embedded-lock';
export { embeddedSocketTarget, serveEmbeddedDatabase } from './database/embedded-socket';
export { MIGRATIONS } from './database/migrations';
export { initializeWithMigrations, MIGRATION_LOCK_NAME, runMigrationsOnce } from './database/run-migrations';
export { AccessLog, loggerModule } from './logging/logger.module';
export { Clock } from './clock';
export { GracefulShutdown } from './http/graceful-shutdown';
export { applyServerLimits, type ServerLimits, timeoutCheckInterval } from './http/server-limits';
export { httpEdge } from './http/http-edge';
export { headersSetBy, securityHeaders } from './http/security-headers';
export { ShutdownState } from './http/shutdown-state';
export { BodySchema, bodySchemaOf } from './validation/body-schema';
