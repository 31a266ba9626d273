import type { DynamicModule } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
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
  '*.token',
  '*.secret',
];

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
      req: (req: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        headers: req.headers,
      }),
    },
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  };
}

/** Structured JSON logs (nestjs-pino) for the whole app. */
export function loggerModule(): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [AppConfig],
    useFactory: (config: AppConfig) => ({ pinoHttp: pinoHttpOptions(config.LOG_LEVEL) }),
  });
}
