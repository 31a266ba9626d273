import type { DynamicModule } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { stdSerializers, type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { AppConfig } from '../config/app-config';

/** Header and body paths whose values never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers["x-api-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.api_token',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.secret',
  '*.csrf_token',
  '*.passwordHash',
  '*.password_hash',
];

/**
 * Errors as pino's standard serializer writes them, minus the SQL parameters a TypeORM `QueryFailedError`
 * carries (they can hold password hashes, session data or encrypted settings). pino-http hands this function
 * the already serialized error (a plain object), so both shapes are handled.
 */
export function serializeError(error: unknown): unknown {
  if (error === null || typeof error !== 'object') return error;
  const serialized = {
    ...(error instanceof Error ? (stdSerializers.err(error) as unknown as Record<string, unknown>) : error),
  } as Record<string, unknown>;
  delete serialized.parameters;
  const driverError = serialized.driverError;
  if (driverError && typeof driverError === 'object') {
    const { parameters: _dropped, ...rest } = driverError as Record<string, unknown>;
    serialized.driverError = rest;
  }
  return serialized;
}

const SECRET_QUERY_PARAM = /([?&](?:api_key|api_token|key|token|password|secret|access_token)=)[^&#]*/gi;

/** A request URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY_PARAM, '$1[Redacted]');
}

/** pino-http options: JSON lines, secrets redacted, the request id on every line. */
export function pinoHttpOptions(level: string): Options {
  return {
    level,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? 'unknown',
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      err: serializeError,
      // Lean access lines (no header dump): serializing every header of every request and response cost
      // more than a tenth of a convert call's CPU time, and headers are where secrets travel.
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  };
}

/**
 * Structured JSON logs (nestjs-pino) for the whole app, to stdout, or to `destination` when given (tests
 * capture the log lines that way to check that no secret reaches them).
 */
export function loggerModule(destination?: DestinationStream): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [AppConfig],
    useFactory: (config: AppConfig) => ({
      pinoHttp: destination ? [pinoHttpOptions(config.LOG_LEVEL), destination] : pinoHttpOptions(config.LOG_LEVEL),
    }),
  });
}
